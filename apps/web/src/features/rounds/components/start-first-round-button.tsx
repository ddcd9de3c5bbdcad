import { MIN_ROUND_MEMBERS, roundMessages } from "@eitheror/shared/rounds/schema";
import { Play } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { failureMessages } from "@/lib/form-messages";
import { useStartFirstRound } from "../api/start-first-round";

const HINT_ID = "start-first-round-hint";

/**
 * Getting Started's step 2: starts the round (the tab then shows it), or says
 * why not. Disabled, with the reason, while the admin is alone in the group.
 */
export function StartFirstRoundButton({
  groupId,
  memberCount,
}: {
  groupId: string;
  memberCount: number;
}) {
  const start = useStartFirstRound(groupId);
  const alone = memberCount < MIN_ROUND_MEMBERS;
  const failure = start.error
    ? failureMessages(start.error, "Internal error starting the round. Please try again.")
    : [];
  return (
    <div className="space-y-3">
      <Button
        onClick={() => start.mutate()}
        disabled={alone || start.isPending}
        aria-describedby={alone ? HINT_ID : undefined}
      >
        {start.isPending ? (
          <Spinner className="size-4 text-on-brand" label="Starting" />
        ) : (
          <Play aria-hidden className="size-4" />
        )}
        Start First Round
      </Button>
      {alone && (
        <p id={HINT_ID} className="text-xs text-fg-subtle">
          {roundMessages.notEnoughMembers}
        </p>
      )}
      {failure.length > 0 && (
        <Alert kind="danger" onDismiss={() => start.reset()}>
          {failure.map(({ message }) => message).join(" ")}
        </Alert>
      )}
    </div>
  );
}
