import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/** The softly ringed surface panel the screens are built from. */
export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <section
      className={cn("rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-8", className)}
      {...props}
    />
  );
}

/** A card's title, under its icon badge. */
export const cardTitleClass = "mt-5 text-2xl font-bold tracking-tight text-fg";
