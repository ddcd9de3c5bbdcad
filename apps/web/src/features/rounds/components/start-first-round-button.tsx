import { Play } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { failureMessages } from "@/lib/form-messages";
import { useStartFirstRound } from "../api/start-first-round";

/** Getting Started's step 2: starts the round (the tab then shows it), or says why not. */
export function StartFirstRoundButton({ groupId }: { groupId: string }) {
  const start = useStartFirstRound(groupId);
  const failure = start.error
    ? failureMessages(start.error, "Internal error starting the round. Please try again.")
    : [];
  return (
    <div className="space-y-3">
      <Button onClick={() => start.mutate()} disabled={start.isPending}>
        {start.isPending ? (
          <Spinner className="size-4 text-on-brand" label="Starting" />
        ) : (
          <Play aria-hidden className="size-4" />
        )}
        Start First Round
      </Button>
      {failure.length > 0 && (
        <Alert kind="danger" onDismiss={() => start.reset()}>
          {failure.map(({ message }) => message).join(" ")}
        </Alert>
      )}
    </div>
  );
}
