import type { ThemeChoice } from "@/lib/theme";
import { Monitor, Moon, Sun } from "./landing-icons";

/** Each theme choice's label and icon: in the menus, and on the guest's theme button. */
export const themeChoices = {
  light: { label: "Light", icon: Sun },
  dark: { label: "Dark", icon: Moon },
  system: { label: "System", icon: Monitor },
} as const satisfies Record<ThemeChoice, unknown>;
