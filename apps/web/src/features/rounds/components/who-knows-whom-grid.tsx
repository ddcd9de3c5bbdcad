import type { WhoKnowsWhom, WhoKnowsWhomMember } from "@eitheror/shared/who-knows-whom/schema";
import { whoKnowsWhomMessages as text } from "@eitheror/shared/who-knows-whom/schema";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";

export const memberName = (member: { displayName: string | null }) =>
  member.displayName ?? "Member";
/** A column's short name: the first word, so a phone fits more columns. */
const firstName = (member: WhoKnowsWhomMember) => memberName(member).split(/\s+/)[0] ?? "";

/** The tint of a cell by its share right: stronger the better the reading, tokens only. */
function tint(right: number, tries: number) {
  const share = right / tries;
  if (share === 0) return "";
  if (share < 0.5) return "bg-brand-soft/40";
  if (share < 1) return "bg-brand-soft/70";
  return "bg-brand-soft";
}

/**
 * The members × members grid: a real table whose rows are who guessed and
 * columns whom they guessed about, both in the members' order, which the
 * answer's matrices share (row p, column t). It scrolls sideways in its own focusable
 * region, the row names staying in view.
 */
export function WhoKnowsWhomGrid({ grid, viewerId }: { grid: WhoKnowsWhom; viewerId: string }) {
  return (
    <section
      aria-label="Who knows whom grid"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways takes the focus, so a keyboard can scroll it.
      tabIndex={0}
      // relative: the positioned cells and hidden labels of the table are its own, or
      // they would stick out of the page past its scrolling edge.
      className="relative overflow-x-auto rounded-2xl ring-1 ring-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">
          Right guesses of each member (rows) about each other member (columns), of the finished
          rounds both submitted
        </caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 w-px whitespace-nowrap border-r border-b border-border bg-surface-muted px-3 py-2 text-left align-bottom text-xs font-semibold text-fg-muted"
            >
              Guessed by <span aria-hidden>↓</span>
              <span className="block font-normal">
                about <span aria-hidden>→</span>
              </span>
            </th>
            {grid.members.map((member) => (
              <th
                key={member.id}
                scope="col"
                className="min-w-18 border-b border-border bg-surface-muted px-2 py-2 align-bottom font-semibold text-fg"
              >
                <span className="flex flex-col items-center gap-1">
                  <span aria-hidden>
                    <Avatar name={memberName(member)} src={member.photoURL} size={28} alt="" />
                  </span>
                  <span aria-hidden className="max-w-20 truncate text-xs">
                    {firstName(member)}
                  </span>
                  <span className="sr-only">{memberName(member)}</span>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.members.map((row, p) => (
            <tr key={row.id}>
              <RowHeader member={row} isViewer={row.id === viewerId} />
              {grid.members.map((column, t) => (
                <Cell
                  key={column.id}
                  self={row.id === column.id}
                  right={grid.right[p]?.[t] ?? 0}
                  tries={grid.tries[p]?.[t] ?? 0}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RowHeader({ member, isViewer }: { member: WhoKnowsWhomMember; isViewer: boolean }) {
  return (
    <th
      scope="row"
      className="sticky left-0 z-10 w-px whitespace-nowrap border-r border-b border-border bg-surface px-3 py-2 text-left font-semibold text-fg"
    >
      <span className="flex items-center gap-2">
        <span aria-hidden>
          <Avatar name={memberName(member)} src={member.photoURL} size={28} alt="" />
        </span>
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="max-w-28 truncate sm:max-w-48" title={memberName(member)}>
            {memberName(member)}
          </span>
          {isViewer && <span className="text-xs font-normal text-fg-muted">(You)</span>}
        </span>
      </span>
    </th>
  );
}

/** One pair: 'right of tries' with the share under it; '—' without a try; the diagonal is nobody's. */
function Cell({ self, right, tries }: { self: boolean; right: number; tries: number }) {
  const base = "border-b border-border px-2 py-2 text-center tabular-nums";
  if (self) {
    return (
      <td className={cn(base, "bg-surface-muted text-fg-subtle")}>
        <span aria-hidden>×</span>
        <span className="sr-only">{text.notApplicable}</span>
      </td>
    );
  }
  if (tries === 0) {
    return (
      <td className={cn(base, "text-fg-subtle")}>
        <span aria-hidden>—</span>
        <span className="sr-only">{text.noTries}</span>
      </td>
    );
  }
  return (
    <td className={cn(base, tint(right, tries))}>
      <span className="block whitespace-nowrap font-semibold text-fg">
        {right} of {tries}
      </span>{" "}
      <span className="block text-xs text-fg-muted">{Math.round((right / tries) * 100)}%</span>
    </td>
  );
}
