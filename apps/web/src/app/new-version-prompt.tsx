import { Button } from "@/components/ui/button";

export const newVersionMessages = {
  ready: "A new version is ready",
  reload: "Reload",
  later: "Not now",
} as const;

/**
 * Says a new release has arrived, and waits: the page keeps the code it runs
 * until the person says Reload, so nothing changes under what they are doing
 * (docs/decisions/0071-service-worker.md). Not now hides it until the next visit.
 */
export function NewVersionPrompt({
  onReload,
  onDismiss,
}: {
  onReload: () => void;
  onDismiss: () => void;
}) {
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md animate-fade-in flex-wrap items-center gap-3 rounded-2xl bg-surface p-4 shadow-lg ring-1 ring-border"
    >
      <p className="min-w-0 flex-1 text-sm font-semibold text-fg">{newVersionMessages.ready}</p>
      <div className="flex gap-2">
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {newVersionMessages.later}
        </Button>
        <Button size="sm" onClick={onReload}>
          {newVersionMessages.reload}
        </Button>
      </div>
    </div>
  );
}
