import { revealMessages as text } from "@eitheror/shared/rounds/reveal";
import type { ArchivedRound, Vote } from "@eitheror/shared/rounds/schema";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { useMemo } from "react";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";
import { PickBadge, RightOrWrong } from "./round-marks";
import { type ClosedRoundMember, memberNameOf, predictionsBy } from "./round-results";

/**
 * A closed round's every prediction at a glance, for wide screens: a row per
 * member (who predicted), a column per member (about whom), their own pick on
 * the diagonal, ✓ or ✗ on the others. A member who did not submit has one cell
 * across their row: 'did not vote' (their drafts stay theirs).
 */
export function PredictionsGrid({
  round,
  votes,
  className,
}: {
  round: ArchivedRound;
  votes: Vote[];
  className?: string;
}) {
  const predictions = useMemo(() => predictionsBy(votes), [votes]);
  return (
    <div className={cn("space-y-3", className)}>
      <h2 className="text-lg font-bold text-fg">{text.grid}</h2>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways takes the focus, so a keyboard can scroll it.
        tabIndex={0}
        aria-label={text.grid}
        className="relative overflow-x-auto rounded-2xl bg-surface ring-1 ring-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">{text.gridCaption}</caption>
          <thead>
            <tr>
              <th scope="col" className="border-b border-border bg-surface-muted px-3 py-2">
                <span className="sr-only">Predicted by</span>
              </th>
              {round.members.map((member) => (
                <th
                  key={member.id}
                  scope="col"
                  className="border-b border-border bg-surface-muted px-2 py-2 text-xs font-semibold text-fg"
                >
                  <span className="block max-w-28 truncate" title={memberNameOf(member)}>
                    {memberNameOf(member)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {round.members.map((row) => (
              <GridRow key={row.id} row={row} round={round} predictions={predictions.get(row.id)} />
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function GridRow({
  row,
  round,
  predictions,
}: {
  row: ClosedRoundMember;
  round: ArchivedRound;
  /** The row's member's predictions, by whom they are about. */
  predictions: Map<string, Vote> | undefined;
}) {
  const submitted = round.memberStats[row.id]?.isSubmitted ?? false;
  const cell = "border-b border-border px-2 py-2 text-center";
  return (
    <tr>
      <th scope="row" className="border-b border-border px-3 py-2 text-left font-semibold text-fg">
        <span className="flex items-center gap-2">
          <Avatar name={row.displayName} src={row.photoURL} size={28} alt="" />
          <span className="max-w-40 truncate" title={memberNameOf(row)}>
            {memberNameOf(row)}
          </span>
        </span>
      </th>
      {submitted ? (
        round.members.map((column) => {
          const vote = predictions?.get(column.id);
          const own = row.id === column.id;
          return (
            <td key={column.id} className={cn(cell, own && "bg-surface-muted")}>
              {vote?.optionSelected ? (
                <span className="inline-flex items-center gap-1.5">
                  <PickBadge option={vote.optionSelected} />
                  {own ? (
                    <span className="sr-only">{text.ownPick}</span>
                  ) : (
                    vote.isRight !== null && <RightOrWrong right={vote.isRight} />
                  )}
                </span>
              ) : (
                <span className="text-fg-subtle">—</span>
              )}
            </td>
          );
        })
      ) : (
        <td colSpan={round.members.length} className={cn(cell, "text-fg-subtle italic")}>
          {roundMessages.didNotVote}
        </td>
      )}
    </tr>
  );
}
