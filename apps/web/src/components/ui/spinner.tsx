import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cn("size-5 animate-spin text-brand-600", className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Holds the page's place while the session or its data loads: no layout jump after. */
export function PageLoader() {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center">
      <Spinner className="size-8" />
    </div>
  );
}
