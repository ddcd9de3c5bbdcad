import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { setOnline } from "../../../../test/network";
import { MailPreferencesSection } from "./mail-preferences";

describe("MailPreferencesSection", () => {
  afterEach(() => {
    cleanup();
    setOnline(true);
    vi.restoreAllMocks();
  });

  it("offline, says the choices could not load, with Try again, instead of switches that never wake", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      if (!navigator.onLine) throw new TypeError("Failed to fetch");
      const preferences = { reminders: true, roundResults: false, newRounds: true };
      return new Response(JSON.stringify({ data: { preferences } }), {
        headers: { "content-type": "application/json" },
      });
    });
    setOnline(false);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MailPreferencesSection />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "We could not load your e-mail choices. You are offline. Check your connection and try again.",
    );

    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("switch", { name: "Round results" })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>("switch", { name: "Round results" }).disabled).toBe(
      false,
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
