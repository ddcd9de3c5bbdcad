/** Grey rows while a tab's list loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div
      aria-busy
      className="animate-pulse space-y-2 rounded-3xl bg-surface p-3 ring-1 ring-border"
    >
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((key) => (
        <div key={key} className="flex items-center gap-3 px-3 py-3">
          <div className="size-10 rounded-full bg-surface-muted" />
          <div className="h-4 flex-1 rounded bg-surface-muted" />
        </div>
      ))}
    </div>
  );
}
