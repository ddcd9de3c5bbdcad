import type { Reading, WhoKnowsWhom } from "@eitheror/shared/who-knows-whom/schema";
import { whoKnowsWhomMessages as text } from "@eitheror/shared/who-knows-whom/schema";
import { Grid3x3 } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useWhoKnowsWhom } from "../api/get-who-knows-whom";
import { memberName, WhoKnowsWhomGrid } from "./who-knows-whom-grid";

/**
 * 'Who knows whom' under the leaderboard (docs/game-rules.md#who-knows-whom):
 * the grid, then each member's most predictable and best reader. Its states
 * keep the section's place: a skeleton as tall as the grid, the empty card
 * before any round closed, the failure said in place.
 */
export function WhoKnowsWhomSection({
  groupId,
  viewerId,
  memberCount,
}: {
  groupId: string;
  viewerId: string;
  /** The group's size, for a skeleton of the grid's height. */
  memberCount: number;
}) {
  const grid = useWhoKnowsWhom(groupId, viewerId);
  let body: ReactNode;
  if (grid.isPending) body = <GridSkeleton rows={memberCount} />;
  else if (grid.isError) {
    body = (
      <Alert
        kind="danger"
        action={
          <Button variant="secondary" onClick={() => grid.refetch()}>
            Try again
          </Button>
        }
      >
        {text.loadFailed} {grid.error.message}
      </Alert>
    );
  } else if (grid.data.closedRounds === 0) body = <NoRoundsYet />;
  else {
    body = (
      <>
        <WhoKnowsWhomGrid grid={grid.data} viewerId={viewerId} />
        <Figures grid={grid.data} viewerId={viewerId} />
      </>
    );
  }
  const rounds = grid.data?.closedRounds ?? 0;
  return (
    <section
      aria-labelledby="who-knows-whom"
      className="space-y-4 rounded-3xl bg-surface p-4 shadow-sm ring-1 ring-border sm:p-5"
    >
      <div>
        <h2 id="who-knows-whom" className="text-lg font-bold text-fg">
          {text.title}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          How often each member guessed each other member's own pick
          {rounds > 0 && `, over ${rounds} finished ${rounds === 1 ? "round" : "rounds"}`}.
        </p>
      </div>
      {body}
    </section>
  );
}

function NoRoundsYet() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border-strong px-4 py-8 text-center">
      <Grid3x3 aria-hidden className="size-6 text-brand-fg" />
      <p className="font-semibold text-fg">{text.empty}</p>
      <p className="max-w-sm text-sm text-fg-muted">{text.emptyDetail}</p>
    </div>
  );
}

/** Grey rows where the grid and the figures will be. */
function GridSkeleton({ rows }: { rows: number }) {
  const keys = Array.from({ length: Math.max(rows, 2) + 1 }, (_, index) => index);
  return (
    <div aria-busy className="animate-pulse space-y-4">
      <span className="sr-only">Loading who knows whom</span>
      <div className="space-y-1 rounded-2xl p-2 ring-1 ring-border">
        {keys.map((key) => (
          <div
            key={key}
            className={cn("rounded-lg bg-surface-muted", key === 0 ? "h-16" : "h-14")}
          />
        ))}
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {keys.slice(1).map((key) => (
          <div key={key} className="h-28 rounded-2xl bg-surface-muted" />
        ))}
      </div>
    </div>
  );
}

/** Per member: whom they read best, and who reads them best, with the counts behind it. */
function Figures({ grid, viewerId }: { grid: WhoKnowsWhom; viewerId: string }) {
  const byId = new Map(grid.members.map((member) => [member.id, member]));
  const said = (reading: Reading | null) => {
    const other = reading && byId.get(reading.memberId);
    if (!reading || !other) return <span className="text-fg-muted">{text.none}</span>;
    return (
      <>
        <span className="font-semibold text-fg">{memberName(other)}</span>
        <span className="text-fg-muted">
          {" "}
          — {reading.right} of {reading.tries}
        </span>
      </>
    );
  };
  return (
    <ul aria-label="Each member's figures" className="grid gap-2 sm:grid-cols-2">
      {grid.members.map((member) => (
        <li
          key={member.id}
          aria-label={memberName(member)}
          className="rounded-2xl bg-surface-muted p-3"
        >
          <p className="flex min-w-0 items-center gap-2 font-semibold text-fg">
            <span aria-hidden>
              <Avatar name={memberName(member)} src={member.photoURL} size={32} alt="" />
            </span>
            <span className="min-w-0">{memberName(member)}</span>
            {member.id === viewerId && (
              <span className="shrink-0 text-sm font-normal text-fg-muted">(You)</span>
            )}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-fg-muted">{text.mostPredictable}</dt>
            <dd className="min-w-0">{said(member.mostPredictable)}</dd>
            <dt className="text-fg-muted">{text.bestReader}</dt>
            <dd className="min-w-0">{said(member.bestReader)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
