import { lazy, Suspense } from "react";
import { DayAfterSkeleton, dayAfterFrame } from "./day-after-skeleton";

const DayAfter = lazy(async () => ({ default: (await import("./day-after")).DayAfter }));

/**
 * Under the split once the viewer has chosen: their streak and yesterday's final
 * result (decision 0026). Loaded on demand: the landing page's first paint has no
 * use for it (decision 0022).
 */
export function AfterChoice(props: { dilemmaId: string; headingLevel: "h2" | "h3" }) {
  return (
    <div className={dayAfterFrame}>
      <Suspense fallback={<DayAfterSkeleton />}>
        <DayAfter {...props} />
      </Suspense>
    </div>
  );
}
