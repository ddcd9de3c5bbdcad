import { Suspense } from "react";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { lazyCode } from "@/lib/lazy-code";
import type { RevealProps } from "./reveal";

const RevealDialog = lazyCode(async () => (await import("./reveal")).RevealDialog);

/**
 * The reveal, its code fetched the first time one is shown. A bonus, not the
 * page: while its code loads, or if it never arrives, the page goes on without it.
 */
export function LazyReveal(props: RevealProps) {
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <RevealDialog {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
