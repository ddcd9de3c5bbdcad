import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setTheme } from "@/lib/theme";

/** A fresh copy of the module each time: its menu's code not loaded yet. */
async function freshThemeMenu() {
  vi.resetModules();
  return (await import("./theme-menu")).ThemeMenu;
}

beforeEach(() => setTheme("system"));
afterEach(() => setTheme("system"));

/** How long a first import may take: long enough for a loaded machine, it only catches a hang. */
const CODE_LOAD = { timeout: 10_000 };

describe("the guest's theme menu, whose code loads when it is first opened", () => {
  it("is a menu button before its code is there, and a click opens the loaded menu", async () => {
    const ThemeMenu = await freshThemeMenu();
    const user = userEvent.setup();
    render(<ThemeMenu />);
    const button = screen.getByRole("button", { name: "Theme" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");

    await user.click(button);
    // The menu's code is transformed on first import: on a loaded machine that passes findBy's 1 s.
    await user.click(await screen.findByRole("menuitemradio", { name: "Dark" }, CODE_LOAD));
    expect(document.documentElement.classList.contains("dark")).toBe(true);

    // From now on the button is Radix's: it opens the menu again, with the choice marked.
    await user.click(screen.getByRole("button", { name: "Theme" }));
    await waitFor(() =>
      expect(screen.getByRole("menuitemradio", { name: "Dark" }).getAttribute("aria-checked")).toBe(
        "true",
      ),
    );
  });

  it("opens from the keyboard too (ArrowDown, as a menu button does)", async () => {
    const ThemeMenu = await freshThemeMenu();
    const user = userEvent.setup();
    render(<ThemeMenu />);
    screen.getByRole("button", { name: "Theme" }).focus();
    await user.keyboard("{ArrowDown}");
    expect(await screen.findByRole("menuitemradio", { name: "Light" }, CODE_LOAD)).toBeTruthy();
  });
});
