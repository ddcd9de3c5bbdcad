import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

// 16 px text: smaller inputs make phones zoom the page on focus.
export const inputClass = cn(
  "block h-12 w-full rounded-xl bg-white px-4 text-base text-slate-900 ring-1 ring-slate-300 transition",
  "placeholder:text-slate-400 hover:ring-slate-400",
  "focus:outline-none focus:ring-2 focus:ring-brand-600",
  "aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-500",
  "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}

/** An e-mail address field: the keyboard, autofill and no autocorrection phones need. */
export function EmailInput(props: Omit<ComponentProps<"input">, "type">) {
  return (
    <Input
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
    />
  );
}
