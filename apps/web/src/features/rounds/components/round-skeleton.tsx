/** Grey blocks in the round's shape while it loads: the tab keeps its height. */
export function RoundSkeleton() {
  return (
    <div aria-busy data-page-loading className="animate-pulse space-y-4">
      <span className="sr-only">Loading the round</span>
      <div className="h-48 rounded-3xl bg-surface ring-1 ring-border" />
      <div className="h-28 rounded-3xl bg-surface ring-1 ring-border" />
      <div className="h-56 rounded-3xl bg-surface ring-1 ring-border" />
    </div>
  );
}
