import { useParams } from "react-router";
import { RoundTeaserPage } from "@/features/rounds/components/round-teaser";

/** /shared/round/{shareId}: a closed round's signed share link. */
export function SharedRoundRoute() {
  const { shareId = "" } = useParams();
  return <RoundTeaserPage key={shareId} shareId={shareId} />;
}
