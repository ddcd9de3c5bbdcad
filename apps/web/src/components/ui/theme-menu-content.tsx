import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import { THEME_CHOICES, type ThemeChoice, useTheme } from "@/lib/theme";
import type { LoadedMenuProps } from "./deferred-menu";
import { MenuFrame } from "./dropdown-menu";
import { menuIconClass, menuItemClass, menuLabelClass } from "./menu";
import { themeChoices } from "./theme-choices";

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
          const { label, icon: Icon } = themeChoices[choice];
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

/** The guest's theme menu, once loaded (theme-menu.tsx shows its button until then). */
export function ThemeMenuContent(props: LoadedMenuProps) {
  return (
    <MenuFrame {...props}>
      <ThemeMenuItems />
    </MenuFrame>
  );
}
