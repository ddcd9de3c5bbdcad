import { roundMessages } from "@eitheror/shared/rounds/schema";
import { Send } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * 'Submit Votes': with a vote missing it says so (no call) until every pick is
 * there, and `onMissing` shows the first card without one; otherwise it asks for
 * the confirmation, then `onSubmit`. `failure` is the call's failure.
 */
export function SubmitVotesBar({
  ready,
  pending,
  failure,
  onSubmit,
  onMissing,
}: {
  ready: boolean;
  pending: boolean;
  failure: string | null;
  onSubmit: () => Promise<unknown>;
  onMissing?: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [missing, setMissing] = useState(false);
  const message = missing && !ready ? roundMessages.votesMissing : failure;
  return (
    <div className="space-y-3">
      {message && <Alert kind="danger">{message}</Alert>}
      <Button
        className="w-full sm:w-auto"
        disabled={pending}
        onClick={() => {
          setMissing(!ready);
          if (ready) setAsking(true);
          else onMissing?.();
        }}
      >
        <Send aria-hidden className="size-4" />
        Submit Votes
      </Button>
      <ConfirmDialog
        open={asking}
        message={roundMessages.confirmSubmit}
        confirmLabel="Submit Votes"
        pending={pending}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          await onSubmit().catch(() => undefined);
          setAsking(false);
        }}
      />
    </div>
  );
}
