import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A file input dressed as a button. The real input stays in the tab order
 * (visually hidden), so keyboards and screen readers use it as they would any
 * file input, and the styled label opens the picker on click.
 */
export function FileButton({
  className,
  children,
  onFile,
  ...inputProps
}: Omit<ComponentProps<"input">, "type" | "className" | "children" | "onChange"> & {
  className: string;
  children: ReactNode;
  onFile: (file: File) => void;
}) {
  return (
    <label
      className={cn(
        "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus",
        "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
        className,
      )}
    >
      <input
        type="file"
        className="sr-only"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so that picking the same file again still counts as a choice.
          event.currentTarget.value = "";
          if (file) onFile(file);
        }}
        {...inputProps}
      />
      {children}
    </label>
  );
}
