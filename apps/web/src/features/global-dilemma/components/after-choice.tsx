import { Suspense } from "react";
import { lazyCode } from "@/lib/lazy-code";
import { useYesterday } from "../api/get-global-dilemma";
import { DayAfterSkeleton, dayAfterFrame } from "./day-after-skeleton";

const DayAfter = lazyCode(async () => (await import("./day-after")).DayAfter);

/**
 * Under the split once the viewer has chosen: their streak and yesterday's final
 * result (decision 0026). Loaded on demand: the landing page's first paint has no
 * use for it (decision 0022). Whether there was a yesterday came with today's
 * dilemma, so its place is kept only when there is one.
 */
export function AfterChoice(props: { dilemmaId: string; headingLevel: "h2" | "h3" }) {
  const yesterday = useYesterday();
  return (
    <div className={dayAfterFrame}>
      <Suspense fallback={<DayAfterSkeleton withYesterday={Boolean(yesterday.data)} />}>
        <DayAfter {...props} />
      </Suspense>
    </div>
  );
}
