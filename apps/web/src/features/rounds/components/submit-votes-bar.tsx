import { revealMessages } from "@eitheror/shared/rounds/reveal";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { Send } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * 'Submit Votes' with the ballot's progress ('2 of 3 picked'): with a vote
 * missing it says so (no call) until every pick is there, and `onMissing` shows
 * the first card without one; otherwise it asks for the confirmation, then
 * `onSubmit`. `failure` is the call's failure. On a phone it sticks to the
 * bottom of the screen while the cards scroll under it, and takes its own place
 * after the last card, so it never hides one.
 */
export function SubmitVotesBar({
  picked,
  needed,
  pending,
  failure,
  onSubmit,
  onMissing,
}: {
  picked: number;
  needed: number;
  pending: boolean;
  failure: string | null;
  onSubmit: () => Promise<unknown>;
  onMissing?: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [missing, setMissing] = useState(false);
  const ready = picked >= needed;
  const message = missing && !ready ? roundMessages.votesMissing : failure;
  return (
    <div className="sticky bottom-0 z-10 -mx-4 space-y-3 border-t border-border bg-surface/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
      {message && <Alert kind="danger">{message}</Alert>}
      <div className="flex items-center gap-4">
        <Progress picked={picked} needed={needed} />
        <Button
          className="shrink-0"
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
      </div>
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

/** '2 of 3 picked' over a thin bar; its width is fixed, so nothing moves as picks come. */
function Progress({ picked, needed }: { picked: number; needed: number }) {
  const share = needed === 0 ? 0 : Math.min(picked / needed, 1);
  return (
    <div className="min-w-0 flex-1 sm:max-w-56">
      <p className="text-sm font-medium text-fg tabular-nums">
        {revealMessages.picked(Math.min(picked, needed), needed)}
      </p>
      <div aria-hidden className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-surface-muted">
        <div
          className="h-full rounded-full bg-brand transition-[width]"
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}
