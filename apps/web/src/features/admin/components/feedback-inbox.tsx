import type { FeedbackEntry } from "@eitheror/shared/feedback/schema";
import { timeSince } from "@eitheror/shared/time/rules";
import { ChevronLeft, ChevronRight, Inbox } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadFailedAlert } from "@/components/ui/load-failed";
import { Spinner } from "@/components/ui/spinner";
import { useFeedbackInbox } from "../api/get-feedback-inbox";
import { AdminPanel } from "./admin-panel";

function senderName(sender: FeedbackEntry["sender"]) {
  if (!sender) return "A deleted account";
  if (sender.isGuest) return "A guest";
  return sender.displayName ?? sender.email ?? "A player without a name yet";
}

function FeedbackItem({ entry, now }: { entry: FeedbackEntry; now: Date }) {
  const sent = new Date(entry.createdAt);
  const { sender } = entry;
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-fg">{senderName(sender)}</p>
          {sender?.email && sender.displayName && (
            <p className="truncate text-xs text-fg-subtle">{sender.email}</p>
          )}
        </div>
        <time
          dateTime={entry.createdAt}
          title={sent.toLocaleString()}
          className="shrink-0 pt-0.5 text-xs text-fg-subtle"
        >
          {timeSince(sent, now)}
        </time>
      </div>
      <p className="mt-1.5 whitespace-pre-wrap text-fg-muted">{entry.feedback}</p>
    </li>
  );
}

/** The feedback inbox, newest first, a page at a time. */
export function FeedbackInbox() {
  const [page, setPage] = useState(1);
  const inbox = useFeedbackInbox(page);
  const entries = inbox.data?.feedbackData ?? [];
  const now = new Date();

  return (
    <AdminPanel title="Feedback inbox" description="What people sent, newest first.">
      {inbox.isPending && <Spinner label="Loading feedback" />}
      {inbox.isError && (
        <LoadFailedAlert what="the feedback" error={inbox.error} onRetry={() => inbox.refetch()} />
      )}
      {inbox.isSuccess && entries.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-2xl bg-surface-muted px-4 py-8 text-center text-fg-muted">
          <Inbox aria-hidden className="size-6" />
          <p>No feedback yet.</p>
        </div>
      )}
      {entries.length > 0 && (
        <ol
          aria-label="Feedback"
          aria-busy={inbox.isPlaceholderData}
          className="divide-y divide-border"
        >
          {entries.map((entry) => (
            <FeedbackItem key={entry.id} entry={entry} now={now} />
          ))}
        </ol>
      )}
      {(page > 1 || inbox.data?.hasMore) && (
        <nav aria-label="Feedback pages" className="flex items-center justify-between gap-3 pt-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={page === 1 || inbox.isFetching}
            onClick={() => setPage(page - 1)}
          >
            <ChevronLeft aria-hidden className="size-4" /> Newer
          </Button>
          <span className="text-sm text-fg-subtle">Page {page}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={!inbox.data?.hasMore || inbox.isFetching}
            onClick={() => setPage(page + 1)}
          >
            Older <ChevronRight aria-hidden className="size-4" />
          </Button>
        </nav>
      )}
    </AdminPanel>
  );
}
