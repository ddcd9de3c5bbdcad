import { shellClass } from "@eitheror/shared/shell/markup";
import { cn } from "@/lib/cn";
import { LoaderCircle } from "./landing-icons";

/** A turning circle for work under way; `className` sets its size and colour. */
export function Spinner({
  className = "size-5 text-brand-fg",
  label = "Loading",
}: {
  className?: string;
  label?: string;
}) {
  return (
    <span role="status" className={shellClass.spinnerStatus}>
      <LoaderCircle aria-hidden className={cn(shellClass.spinner, className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * Holds the page's place while the session or its data loads: no layout jump
 * after. The server's first paint shows the same loader (shared/shell/markup.ts).
 */
export function PageLoader() {
  return (
    <div className={shellClass.loader} data-page-loading>
      <Spinner className={shellClass.pageSpinner} />
    </div>
  );
}
