import {
  type CommentKey,
  MAX_REPORT_REASON_LENGTH,
  moderationMessages,
} from "@eitheror/shared/moderation/schema";
import { Flag } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useHideComment, useReport } from "../api/moderation";

/** Report (with a reason) what a closed round shows: its dilemma, or one comment. */
export function ReportButton({
  groupId,
  roundId,
  comment,
  label = moderationMessages.report,
}: {
  groupId: string;
  roundId: string;
  comment?: CommentKey;
  label?: string;
}) {
  const id = useId();
  const report = useReport(groupId, roundId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return;
    const body = comment
      ? { target: "comment" as const, ...comment, reason }
      : { target: "dilemma" as const, reason };
    report.mutate(body, { onSuccess: () => setOpen(false) });
  };
  if (report.isSuccess && !open) {
    return (
      <p className="text-xs text-fg-subtle" role="status">
        {moderationMessages.reported}
      </p>
    );
  }
  if (!open) {
    return (
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} aria-label={label}>
        <Flag aria-hidden className="size-4" />
        {moderationMessages.report}
      </Button>
    );
  }
  return (
    <form onSubmit={onSubmit} className="mt-2 flex w-full flex-wrap items-end gap-2">
      <label htmlFor={id} className="w-full text-xs font-medium text-fg-muted">
        {moderationMessages.reasonLabel}
      </label>
      <Input
        id={id}
        required
        autoFocus
        maxLength={MAX_REPORT_REASON_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className="min-w-48 flex-1"
      />
      <Button size="sm" type="submit" disabled={report.isPending || !reason.trim()}>
        Send report
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {report.isError && (
        <Alert kind="danger" className="w-full">
          {report.error.message}
        </Alert>
      )}
    </form>
  );
}

/** The group admin's Hide of a comment. */
export function HideCommentButton({
  groupId,
  roundId,
  comment,
}: {
  groupId: string;
  roundId: string;
  comment: CommentKey;
}) {
  const hide = useHideComment(groupId, roundId);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        disabled={hide.isPending}
        onClick={() => hide.mutate(comment)}
      >
        {moderationMessages.hide}
      </Button>
      {hide.isError && <Alert kind="danger">{hide.error.message}</Alert>}
    </>
  );
}
