import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** One titled block of the admin page. */
export function AdminPanel({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "space-y-4 rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-6",
        className,
      )}
    >
      <div>
        <h2 id={id} className="text-lg font-bold tracking-tight text-fg">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}
