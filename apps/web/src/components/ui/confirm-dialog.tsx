import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "./button";
import { Spinner } from "./spinner";

/**
 * A question that needs a yes before something cannot be undone (delete, leave,
 * remove). The browser's modal <dialog>: focus moves in and stays there, Escape
 * cancels, the page behind is inert.
 */
export function ConfirmDialog({
  open,
  message,
  details,
  confirmLabel,
  pending = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  /** Under the question: what exactly goes, so the yes is an informed one. */
  details?: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  const detailsId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Cancel first: the safe answer is the one Enter gives. (Not `autoFocus`: React
      // focuses that as the page mounts, in the closed dialog, making the browser lay
      // out the whole page in the middle of the first render; issue 41.)
      cancel.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={messageId}
      aria-describedby={details ? detailsId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl bg-surface p-6 text-fg shadow-xl ring-1 ring-border backdrop:bg-fg/40 open:animate-fade-in"
    >
      <p id={messageId} className="text-base font-semibold">
        {message}
      </p>
      {details && (
        <div id={detailsId} className="mt-2 space-y-2 text-sm text-fg-muted">
          {details}
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending && <Spinner className="size-4 text-on-danger" label="Working" />}
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
