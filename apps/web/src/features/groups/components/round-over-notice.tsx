import { revealQuery } from "@eitheror/shared/rounds/reveal";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { paths } from "@/config/paths";

/** The round the page showed has just closed: its reveal is one tap away. */
export function RoundOverNotice({
  groupId,
  roundId,
  onDismiss,
}: {
  groupId: string;
  roundId: string;
  onDismiss: () => void;
}) {
  return (
    <Alert
      kind="success"
      onDismiss={onDismiss}
      action={
        <Link
          to={`${paths.archivedRound(groupId, roundId)}${revealQuery}`}
          className={buttonClass("secondary", undefined, "sm")}
        >
          {roundMessages.seeResults}
        </Link>
      }
    >
      {roundMessages.roundOver}
    </Alert>
  );
}
