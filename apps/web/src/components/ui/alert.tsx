import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const kinds = {
  success: { icon: CircleCheck, className: "bg-emerald-50 text-emerald-900 ring-emerald-200" },
  info: { icon: Info, className: "bg-sky-50 text-sky-900 ring-sky-200" },
  danger: { icon: CircleAlert, className: "bg-red-50 text-red-900 ring-red-200" },
} as const;

/** The spec's alert kinds: success, info and danger. Danger is announced at once. */
export function Alert({
  kind,
  children,
  className,
}: {
  kind: keyof typeof kinds;
  children: ReactNode;
  className?: string;
}) {
  const { icon: Icon, className: tone } = kinds[kind];
  return (
    <div
      role={kind === "danger" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-xl p-4 text-sm ring-1 animate-fade-in", tone, className)}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
