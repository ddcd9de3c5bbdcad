/** Where the part after a choice sits: under the split, across the card. */
export const dayAfterFrame = "mt-6 border-t border-border pt-5";

/**
 * Its place while it loads: the height it usually takes (a streak line and
 * yesterday's result with a question of one or two lines), so nothing moves.
 */
export function DayAfterSkeleton() {
  return (
    <div aria-busy className="animate-pulse space-y-4">
      <span className="sr-only">Loading yesterday's result and your streak</span>
      <div className="h-8 w-56 rounded-full bg-surface-muted" />
      <div className="h-[13.25rem] rounded-2xl bg-surface-muted sm:h-[9.75rem]" />
    </div>
  );
}
