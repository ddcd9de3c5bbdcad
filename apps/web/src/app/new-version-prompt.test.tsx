import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NewVersionPrompt } from "./new-version-prompt";

describe("NewVersionPrompt", () => {
  it("says a new version is ready, in a live region, and reloads only when asked", async () => {
    const user = userEvent.setup();
    const onReload = vi.fn();
    const onDismiss = vi.fn();
    render(<NewVersionPrompt onReload={onReload} onDismiss={onDismiss} />);
    expect(screen.getByRole("status").textContent).toContain("A new version is ready");
    expect(onReload).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onReload).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Reload" }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
