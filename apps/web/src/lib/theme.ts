import { useSyncExternalStore } from "react";

/**
 * Light, dark, or whatever the system says (the default). The choice is kept in
 * this browser under the key public/theme.js reads before the first paint; here
 * it changes at once, and a system change is followed while the choice is
 * "system".
 */
export type ThemeChoice = "light" | "dark" | "system";
export const THEME_CHOICES: readonly ThemeChoice[] = ["light", "dark", "system"];

const STORAGE_KEY = "theme";
const systemDark = () => window.matchMedia("(prefers-color-scheme: dark)");

function read(): ThemeChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

let current: ThemeChoice = read();
const listeners = new Set<() => void>();

function apply() {
  const dark = current === "dark" || (current === "system" && systemDark().matches);
  document.documentElement.classList.toggle("dark", dark);
}

function update(choice: ThemeChoice) {
  current = choice;
  apply();
  for (const listener of listeners) listener();
}

export function setTheme(choice: ThemeChoice) {
  try {
    if (choice === "system") localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Without storage the choice lasts until the page is left.
  }
  update(choice);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Call once at start: follows the system's scheme while the choice is "system",
 * and a choice made in another tab of this site.
 */
export function watchTheme() {
  apply();
  systemDark().addEventListener("change", apply);
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEY || event.key === null) update(read());
  });
}

export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  return [useSyncExternalStore(subscribe, () => current), setTheme];
}
