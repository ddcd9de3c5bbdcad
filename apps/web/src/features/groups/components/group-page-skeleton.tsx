import { PageTitle } from "@/components/ui/page-title";

/** The group page's header, tabs and panel in grey while the group loads. */
export function GroupPageSkeleton({ screen = "Group" }: { screen?: string }) {
  return (
    <div aria-busy data-page-loading className="animate-pulse space-y-6">
      <PageTitle screen={screen} />
      <span className="sr-only">Loading the group</span>
      <div className="space-y-2">
        <div className="h-8 w-2/3 max-w-sm rounded-lg bg-surface-muted sm:h-9" />
        <div className="h-5 w-48 rounded bg-surface-muted" />
      </div>
      <div className="h-12 rounded-2xl bg-surface-muted" />
      <div className="h-64 rounded-3xl bg-surface-muted" />
    </div>
  );
}
