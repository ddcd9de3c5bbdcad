import { useParams } from "react-router";
import { ArchivedRoundPage } from "@/features/rounds/components/archived-round";

/** /group/{groupId}/archived-round/{roundId}. */
export function ArchivedRoundRoute() {
  const { groupId = "", roundId = "" } = useParams();
  return <ArchivedRoundPage key={roundId} groupId={groupId} roundId={roundId} />;
}
