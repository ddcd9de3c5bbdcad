import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";
import type { LoadedMenuProps } from "./deferred-menu";
import { menuContentClass } from "./menu";

/** The loaded part of a deferred menu: Radix's root, its trigger, and the panel of `children`. */
export function MenuFrame({
  trigger,
  open,
  onOpenChange,
  children,
}: LoadedMenuProps & { children: ReactNode }) {
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger aria-label={trigger.label} className={trigger.className}>
        {trigger.children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClass}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
