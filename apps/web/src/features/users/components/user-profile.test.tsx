import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { UserProfile } from "./user-profile";

const grace = {
  uid: "u-2",
  id: "u-2",
  displayName: "Grace 🎉",
  photoURL: null,
  createdAt: "2026-11-01T10:00:00.000Z",
};

function renderProfile(entries: string[]) {
  vi.spyOn(globalThis, "fetch").mockImplementation(
    async () =>
      new Response(JSON.stringify({ data: { userData: grace } }), {
        headers: { "content-type": "application/json" },
      }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route
            path="/user-profile/:userId"
            element={<UserProfile userId="u-2" viewerId="u-1" onSaved={async () => undefined} />}
          />
          <Route path="/group/:groupId" element={<h1>The group</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("another member's profile", () => {
  afterEach(() => vi.restoreAllMocks());

  it("leads back to the page it was opened from", async () => {
    renderProfile(["/group/g1", "/user-profile/u-2"]);
    expect(await screen.findByRole("heading", { level: 1, name: "Grace 🎉" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("heading", { level: 1, name: "The group" })).toBeTruthy();
  });

  it("opened from outside the app, leads home", async () => {
    renderProfile(["/user-profile/u-2"]);
    await screen.findByRole("heading", { level: 1, name: "Grace 🎉" });
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/home");
  });
});
