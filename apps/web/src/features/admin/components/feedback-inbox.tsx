import type { FeedbackEntry } from "@eitheror/shared/feedback/schema";
import { timeSince } from "@eitheror/shared/time/rules";
import { ChevronLeft, ChevronRight, Inbox } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LoadFailedAlert } from "@/components/ui/load-failed";
import { Spinner } from "@/components/ui/spinner";
import { useFeedbackInbox } from "../api/get-feedback-inbox";
import { useFeedbackAction } from "../api/moderation";
import { AdminPanel } from "./admin-panel";

function senderName(sender: FeedbackEntry["sender"]) {
  if (!sender) return "A deleted account";
  if (sender.isGuest) return "A guest";
  return sender.displayName ?? sender.email ?? "A player without a name yet";
}

function FeedbackItem({ entry, now }: { entry: FeedbackEntry; now: Date }) {
  const sent = new Date(entry.createdAt);
  const { sender } = entry;
  const act = useFeedbackAction();
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
      <p className="mt-1.5 whitespace-pre-wrap break-words text-fg-muted">{entry.feedback}</p>
      {act.isError && (
        <Alert kind="danger" className="mt-2">
          {act.error.message}
        </Alert>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {entry.done ? (
          <span className="text-sm font-semibold text-fg-subtle">Done</span>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={act.isPending}
            onClick={() => act.mutate({ feedbackId: entry.id, action: "done" })}
          >
            Mark done
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={act.isPending}
          onClick={() => act.mutate({ feedbackId: entry.id, action: "delete" })}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The feedback inbox, newest first, a page at a time. */
export function FeedbackInbox() {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const inbox = useFeedbackInbox(page, search);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSearch(query.trim());
  };
  const entries = inbox.data?.feedbackData ?? [];
  const now = new Date();

  return (
    <AdminPanel title="Feedback inbox" description="What people sent, newest first.">
      <form aria-label="Search feedback" onSubmit={onSearch} className="flex flex-wrap gap-2">
        <label htmlFor="feedback-search" className="sr-only">
          Search feedback
        </label>
        <Input
          id="feedback-search"
          type="search"
          maxLength={100}
          placeholder="Search feedback"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {inbox.isPending && <Spinner label="Loading feedback" />}
      {inbox.isError && (
        <LoadFailedAlert what="the feedback" error={inbox.error} onRetry={() => inbox.refetch()} />
      )}
      {inbox.isSuccess && entries.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-2xl bg-surface-muted px-4 py-8 text-center text-fg-muted">
          <Inbox aria-hidden className="size-6" />
          <p>{search ? "No feedback matches." : "No feedback yet."}</p>
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
