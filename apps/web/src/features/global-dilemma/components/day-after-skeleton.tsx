/** Where the part after a choice sits: under the split, across the card. */
export const dayAfterFrame = "mt-6 border-t border-border pt-5";

/**
 * Its place while it loads: the height it will take (a streak line, and
 * yesterday's result with a question of one or two lines when there is one to
 * show), so nothing moves, and nothing is held open that then closes.
 */
export function DayAfterSkeleton({ withYesterday }: { withYesterday: boolean }) {
  return (
    <div aria-busy className="animate-pulse space-y-4">
      <span className="sr-only">
        {withYesterday ? "Loading yesterday's result and your streak" : "Loading your streak"}
      </span>
      <div className="h-8 w-56 rounded-full bg-surface-muted" />
      {withYesterday && (
        <div className="h-[13.25rem] rounded-2xl bg-surface-muted sm:h-[9.75rem]" />
      )}
    </div>
  );
}
