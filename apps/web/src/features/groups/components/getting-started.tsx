import { groupMessages } from "@eitheror/shared/groups/schema";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { Check, Hourglass, Share2 } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { IconBadge } from "@/components/ui/icon-badge";
import { paths } from "@/config/paths";
import { inviteUrl, useShareLink } from "../hooks/use-share-link";

/**
 * The Current Round tab before the first round: the admin's two steps (share
 * the link, start the round), everyone else's wait. `startButton` is the rounds
 * feature's Start First Round. `waiting`: the group has played and is down to
 * its admin; the next round starts by itself when a friend joins
 * (docs/game-rules.md#a-round).
 */
export function GettingStarted({
  inviteCode,
  memberCount,
  ...step
}: {
  inviteCode: string;
  memberCount: number;
} & ({ startButton: ReactNode } | { waiting: true })) {
  const link = useShareLink();
  return (
    <section
      aria-labelledby="getting-started"
      className="rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-8"
    >
      <h2 id="getting-started" className="text-xl font-bold tracking-tight text-fg">
        Getting Started
      </h2>
      <ol className="mt-5 space-y-5">
        <Step number={1} done={memberCount > 1} title="Invite your friends">
          <p>
            Send them the group's link.{" "}
            {memberCount > 1
              ? `${memberCount} members so far.`
              : "A round needs at least one friend besides you."}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              onClick={() => link.share(inviteUrl(paths.invite(inviteCode)))}
            >
              <Share2 aria-hidden className="size-4" />
              Share Link
            </Button>
            <span role="status" className="text-sm font-semibold text-success-fg">
              {link.copied && (
                <span className="inline-flex animate-fade-in items-center gap-1">
                  <Check aria-hidden className="size-4" /> {groupMessages.copiedToClipboard}
                </span>
              )}
            </span>
          </div>
          {link.error && (
            <Alert kind="danger" className="mt-3" onDismiss={link.dismissError}>
              {link.error}
            </Alert>
          )}
        </Step>
        {"waiting" in step ? (
          <Step number={2} title="Play the next round">
            <p>{roundMessages.waitingForMembers}</p>
          </Step>
        ) : (
          <Step number={2} title="Start the first round">
            <p>Everyone then predicts how each member picks, themself included.</p>
            <div className="mt-3">{step.startButton}</div>
          </Step>
        )}
      </ol>
    </section>
  );
}

function Step({
  number,
  title,
  done = false,
  children,
}: {
  number: number;
  title: string;
  done?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden
        className={
          done
            ? "flex size-8 shrink-0 items-center justify-center rounded-full bg-success-soft text-success-fg ring-1 ring-success-line"
            : "flex size-8 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-on-brand"
        }
      >
        {done ? <Check className="size-4" /> : number}
      </span>
      <div className="min-w-0 flex-1 text-sm text-fg-muted">
        <h3 className="text-base font-semibold text-fg">
          <span className="sr-only">Step {number}: </span>
          {title}
        </h3>
        <div className="mt-1">{children}</div>
      </div>
    </li>
  );
}

/** What members who are not the admin see before the first round. */
export function AwaitingAdmin() {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-surface p-8 text-center shadow-sm ring-1 ring-border sm:p-12">
      <IconBadge>
        <Hourglass className="size-6" />
      </IconBadge>
      <p className="mt-4 text-lg font-semibold text-fg">{groupMessages.awaitingAdmin}</p>
      <p className="mt-1 max-w-sm text-sm text-fg-muted">
        Once it starts, you'll predict how each member picks, and they'll do the same for you.
      </p>
    </div>
  );
}
