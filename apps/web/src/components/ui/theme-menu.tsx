import { deferred } from "@/lib/deferred";
import { useTheme } from "@/lib/theme";
import { buttonClass } from "./button";
import { DeferredMenu } from "./deferred-menu";
import { themeChoices } from "./theme-choices";

const themeMenu = deferred(async () => (await import("./theme-menu-content")).ThemeMenuContent);

/** The theme choice for visitors without a profile menu: an icon button in the header. */
export function ThemeMenu() {
  const [theme] = useTheme();
  const Icon = themeChoices[theme].icon;
  return (
    <DeferredMenu
      menu={themeMenu}
      trigger={{
        label: "Theme",
        className: buttonClass("ghost", undefined, "icon"),
        children: <Icon aria-hidden className="size-5" />,
      }}
      props={{}}
    />
  );
}
