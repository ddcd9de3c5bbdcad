import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

// 16 px text: smaller inputs make phones zoom the page on focus.
export const inputClass = cn(
  "block h-12 w-full rounded-xl bg-surface px-4 text-base text-fg ring-1 ring-border-strong transition",
  "placeholder:text-fg-faint hover:ring-fg-faint",
  "focus:outline-none focus:ring-2 focus:ring-focus",
  "aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-danger",
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-subtle",
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

/** Several lines of text, styled as the inputs are; the caller sets its height (`min-h-*`). */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(inputClass, "h-auto resize-y py-3 leading-relaxed", className)}
      {...props}
    />
  );
}
