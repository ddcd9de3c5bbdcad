import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check, Monitor, Moon, Sun } from "lucide-react";
import { THEME_CHOICES, type ThemeChoice, useTheme } from "@/lib/theme";
import { buttonClass } from "./button";
import { menuContentClass, menuIconClass, menuItemClass, menuLabelClass } from "./menu";

const choices = {
  light: { label: "Light", icon: Sun },
  dark: { label: "Dark", icon: Moon },
  system: { label: "System", icon: Monitor },
} as const;

/** Light, Dark and System as radio items, inside any dropdown menu. */
export function ThemeMenuItems() {
  const [theme, setTheme] = useTheme();
  return (
    <>
      <DropdownMenu.Label className={menuLabelClass}>Theme</DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={theme}
        onValueChange={(value) => setTheme(value as ThemeChoice)}
      >
        {THEME_CHOICES.map((choice) => {
          const { label, icon: Icon } = choices[choice];
          return (
            <DropdownMenu.RadioItem key={choice} value={choice} className={menuItemClass}>
              <Icon aria-hidden className={menuIconClass} />
              {label}
              <DropdownMenu.ItemIndicator className="ml-auto">
                <Check aria-hidden className="size-4" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          );
        })}
      </DropdownMenu.RadioGroup>
    </>
  );
}

/** The theme choice for visitors without a profile menu: an icon button in the header. */
export function ThemeMenu() {
  const [theme] = useTheme();
  const Icon = choices[theme].icon;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label="Theme" className={buttonClass("ghost", undefined, "icon")}>
        <Icon aria-hidden className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClass}>
          <ThemeMenuItems />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
