import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { CircleAlert, CircleCheck, Info, X } from "./landing-icons";

const kinds = {
  success: { icon: CircleCheck, className: "bg-success-soft text-success-fg ring-success-line" },
  info: { icon: Info, className: "bg-info-soft text-info-fg ring-info-line" },
  danger: { icon: CircleAlert, className: "bg-danger-soft text-danger-fg ring-danger-line" },
} as const;

/**
 * The product's alert kinds: success, info and danger. Danger is announced at once.
 * An `action` (say, "Try again") sits beside the text, or under it on a phone;
 * `onDismiss` adds a close button.
 */
export function Alert({
  kind,
  children,
  className,
  action,
  onDismiss,
}: {
  kind: keyof typeof kinds;
  children: ReactNode;
  className?: string;
  action?: ReactNode;
  onDismiss?: () => void;
}) {
  const { icon: Icon, className: tone } = kinds[kind];
  return (
    <div
      role={kind === "danger" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-xl p-4 text-sm ring-1 animate-fade-in", tone, className)}
    >
      <div className="min-w-0 flex-1 sm:flex sm:items-center sm:justify-between sm:gap-4">
        <div className="flex min-w-0 gap-3">
          <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0">{children}</div>
        </div>
        {action && <div className="mt-3 shrink-0 pl-7 sm:mt-0 sm:pl-0">{action}</div>}
      </div>
      {onDismiss && (
        <button
          type="button"
          aria-label="Dismiss"
          onClick={onDismiss}
          className="-m-1.5 flex size-8 shrink-0 items-center justify-center rounded-lg opacity-70 transition hover:opacity-100 focus-visible:outline-2 focus-visible:outline-focus"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}
