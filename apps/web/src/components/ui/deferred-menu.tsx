import { type ComponentType, type ReactNode, useState } from "react";
import type { Deferred } from "@/lib/deferred";

/** The button that opens a menu: its accessible name, its classes, what it shows. */
export interface MenuTrigger {
  label: string;
  className: string;
  children: ReactNode;
}

/** What a deferred menu's loaded part is given: its trigger, and whether it is open. */
export interface LoadedMenuProps {
  trigger: MenuTrigger;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A dropdown menu whose code (Radix, the items) is not on the landing page's
 * path (docs/decisions/0022). Until it is first opened, a plain button with
 * the same name, look and popup role stands in its place: pointing at it or
 * focusing it starts the load, and a click (Enter, Space) or ArrowDown opens
 * the menu as soon as it is there. From then on the loaded menu is the button.
 */
export function DeferredMenu<P extends object>({
  menu,
  trigger,
  props,
}: {
  menu: Deferred<ComponentType<LoadedMenuProps & P>>;
  trigger: MenuTrigger;
  props: P;
}) {
  const [Loaded, setLoaded] = useState(() => menu.current());
  const [open, setOpen] = useState(false);

  if (Loaded) return <Loaded trigger={trigger} open={open} onOpenChange={setOpen} {...props} />;

  // Fetched ahead when pointed at or focused, but shown only when asked for: swapping
  // the button in the middle of a press would lose the press's click.
  const prefetch = () => menu.load().catch(() => {});
  const openMenu = () => {
    setOpen(true);
    menu.load().then(
      (component) => setLoaded(() => component),
      () => setOpen(false),
    );
  };
  return (
    <button
      type="button"
      aria-label={trigger.label}
      aria-haspopup="menu"
      aria-expanded={open}
      className={trigger.className}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={openMenu}
      onKeyDown={(event) => {
        if (event.key !== "ArrowDown") return;
        event.preventDefault();
        openMenu();
      }}
    >
      {trigger.children}
    </button>
  );
}
