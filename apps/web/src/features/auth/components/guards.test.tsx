import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { RequireSignedIn } from "./guards";

function offline(isOffline: boolean) {
  Object.defineProperty(navigator, "onLine", { value: !isOffline, configurable: true });
}

afterEach(() => {
  vi.restoreAllMocks();
  offline(false);
});

describe("RequireSignedIn", () => {
  it("offline, with no session read, says so and sends nobody to sign in", async () => {
    offline(true);
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("offline"));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={["/home"]}>
          <Routes>
            <Route element={<RequireSignedIn />}>
              <Route path="/home" element={<h1>Home</h1>} />
            </Route>
            <Route path="/sign-in" element={<h1>Sign In</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "We could not load your account. You are offline. Check your connection and try again.",
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("You are offline");
    expect(screen.queryByText("Sign In")).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
