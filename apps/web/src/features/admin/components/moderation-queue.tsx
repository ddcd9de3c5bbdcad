import type { Report } from "@eitheror/shared/moderation/schema";
import { timeSince } from "@eitheror/shared/time/rules";
import { ShieldCheck } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadFailedAlert } from "@/components/ui/load-failed";
import { Spinner } from "@/components/ui/spinner";
import { useModerate, useModerationQueue } from "../api/moderation";
import { AdminPanel } from "./admin-panel";

function ReportItem({ report, now }: { report: Report; now: Date }) {
  const moderate = useModerate();
  const busy = moderate.isPending;
  const what =
    report.target === "comment"
      ? `A comment by ${report.comment?.author?.displayName ?? "a deleted account"}`
      : report.dilemma.fromGroup
        ? "A group's own dilemma"
        : "A dilemma of the bank";
  return (
    <li className="space-y-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-words text-sm font-semibold text-fg">
          {what} in {report.group.name}
        </p>
        <time dateTime={report.createdAt} className="shrink-0 text-xs text-fg-subtle">
          {timeSince(new Date(report.createdAt), now)}
        </time>
      </div>
      <blockquote className="whitespace-pre-line break-words rounded-xl bg-surface-muted p-3 text-sm text-fg">
        {report.target === "comment"
          ? (report.comment?.text ?? "(no text)")
          : `${report.dilemma.dilemma} (${report.dilemma.optionA} / ${report.dilemma.optionB})`}
      </blockquote>
      <p className="break-words text-sm text-fg-subtle">
        Reason: {report.reason} — reported by {report.reporter?.displayName ?? "a deleted account"}
      </p>
      {moderate.isError && <Alert kind="danger">{moderate.error.message}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          onClick={() => moderate.mutate({ reportId: report.id, action: "hide" })}
        >
          {report.target === "comment" ? "Hide comment" : "Hide dilemma"}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => moderate.mutate({ reportId: report.id, action: "dismiss" })}
        >
          Dismiss
        </Button>
      </div>
    </li>
  );
}

/** The product admin's moderation queue: open reports, oldest first (decision 0077). */
export function ModerationQueue() {
  const queue = useModerationQueue();
  const now = new Date();
  return (
    <AdminPanel
      title="Moderation queue"
      description="Reports of dilemmas and comments. A hidden dilemma is never drawn again; past rounds keep it."
    >
      {queue.isPending && <Spinner label="Loading reports" />}
      {queue.isError && (
        <LoadFailedAlert what="the reports" error={queue.error} onRetry={() => queue.refetch()} />
      )}
      {queue.isSuccess && queue.data.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-2xl bg-surface-muted px-4 py-8 text-center text-fg-muted">
          <ShieldCheck aria-hidden className="size-6" />
          <p>No open reports.</p>
        </div>
      )}
      {queue.isSuccess && queue.data.length > 0 && (
        <ol aria-label="Reports" className="divide-y divide-border">
          {queue.data.map((report) => (
            <ReportItem key={report.id} report={report} now={now} />
          ))}
        </ol>
      )}
    </AdminPanel>
  );
}
