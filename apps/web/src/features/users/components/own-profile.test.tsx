import { MAX_DISPLAY_NAME_LENGTH } from "@eitheror/shared/auth/schema";
import { fieldMessages } from "@eitheror/shared/validation/messages";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { OwnProfile } from "./own-profile";

const ada = {
  uid: "u-1",
  id: "u-1",
  displayName: "Ada",
  photoURL: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  email: "ada@example.test",
  emailVerified: true,
};

const allOn = { reminders: true, roundResults: true, newRounds: true };
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** Calls other than reading the e-mail settings, which the profile does on its own. */
const saves = (fetchSpy: { mock: { calls: unknown[][] } }) =>
  fetchSpy.mock.calls.filter((call) => ((call[1] as RequestInit)?.method ?? "GET") !== "GET");

function renderProfile(user: typeof ada = ada) {
  const fetchSpy = vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async (url, init) =>
      String(url).endsWith("/update-user-properties")
        ? json({ data: { userData: user } })
        : json({ data: { preferences: init?.body ? JSON.parse(String(init.body)) : allOn } }),
    );
  const onSaved = vi.fn(async () => undefined);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OwnProfile user={user} joined="Joined 3 weeks ago" onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { fetchSpy, onSaved, user: userEvent.setup() };
}

describe("OwnProfile", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the saved name and address, with the screen's one h1", () => {
    renderProfile();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Ada");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Ada");
    expect((screen.getByLabelText("Email Address") as HTMLInputElement).value).toBe(
      "ada@example.test",
    );
    expect(document.title).toMatch(/^Your Profile · /);
  });

  it("lists each refused field by its label and saves nothing", async () => {
    const { fetchSpy, onSaved, user } = renderProfile();
    const name = screen.getByLabelText("Name");
    await user.clear(name);
    await user.type(name, "x".repeat(MAX_DISPLAY_NAME_LENGTH + 1));
    const email = screen.getByLabelText("Email Address");
    await user.clear(email);
    await user.type(email, "nope");
    await user.click(screen.getByRole("button", { name: "Save" }));

    // The form's alert: other parts of the profile (its e-mail switches) may have one too.
    const message = await screen.findByText(fieldMessages.maxLength(50));
    const alert = message.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error("the field messages are not in an alert");
    expect(within(alert).getByText(fieldMessages.email)).toBeTruthy();
    expect(alert.textContent).toMatch(/Name:.*Email Address:/);
    expect(saves(fetchSpy)).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("saves the profile of someone whose name has the 46 characters sign-up allowed", async () => {
    const long = "Maximiliana Alexandrina Montgomery-Fitzwilliam";
    expect(long).toHaveLength(46);
    const { fetchSpy, onSaved, user } = renderProfile({ ...ada, displayName: long });
    await user.click(screen.getByRole("button", { name: "Save" }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByText(fieldMessages.maxLength(24))).toBeNull();
    expect(saves(fetchSpy).map((call) => String(call[0]))).toEqual(["/api/update-user-properties"]);
  });

  it("has an E-mails section whose switches save each kind, by keyboard", async () => {
    const { fetchSpy, user } = renderProfile();
    const newRounds = await screen.findByRole("switch", { name: "New rounds" });
    await vi.waitFor(() => expect((newRounds as HTMLInputElement).disabled).toBe(false));
    expect((newRounds as HTMLInputElement).checked).toBe(true);
    newRounds.focus();
    await user.keyboard(" ");
    await vi.waitFor(() => expect(saves(fetchSpy)).toHaveLength(1));
    const [url, init] = saves(fetchSpy)[0] as [string, RequestInit];
    expect(String(url)).toContain("/api/users/me/mail-preferences");
    expect(init.method).toBe("PUT");
    expect(JSON.parse(String(init.body))).toEqual({ ...allOn, newRounds: false });
    await vi.waitFor(() => expect((newRounds as HTMLInputElement).checked).toBe(false));
  });
});
