import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const tones = {
  brand: "bg-brand-soft text-brand-soft-fg",
  success: "bg-success-soft text-success-fg",
  danger: "bg-danger-soft text-danger-fg",
} as const;

/** The rounded icon tile that opens a screen's card. */
export function IconBadge({
  tone = "brand",
  className,
  children,
}: {
  tone?: keyof typeof tones;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      aria-hidden
      className={cn("flex size-12 items-center justify-center rounded-2xl", tones[tone], className)}
    >
      {children}
    </span>
  );
}
