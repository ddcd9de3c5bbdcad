import { EMAIL_LINK_TOKEN_BYTES } from "@eitheror/shared/auth/rules";
import { authMessages } from "@eitheror/shared/auth/schema";
import { fieldMessages } from "@eitheror/shared/validation/messages";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emailForSignIn } from "@/lib/email-for-sign-in";
import { createQueryClient } from "@/lib/query-client";
import { EmailLinkSignIn } from "./email-link-sign-in";

/** A token of the right shape: EMAIL_LINK_TOKEN_BYTES bytes in unpadded base64url. */
const token = "a".repeat(Math.ceil((EMAIL_LINK_TOKEN_BYTES * 8) / 6));

/** Calls other than the page's own session read (a GET). */
const completions = (fetchSpy: { mock: { calls: unknown[][] } }) =>
  fetchSpy.mock.calls.filter((call) => ((call[1] as RequestInit)?.method ?? "GET") !== "GET");

function renderPage() {
  // The link is opened in a browser that did not ask for it: no address remembered.
  const fetchSpy = vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(
      async () => new Response("null", { headers: { "content-type": "application/json" } }),
    );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <EmailLinkSignIn token={token} returnUrl={null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchSpy, user: userEvent.setup() };
}

describe("EmailLinkSignIn, asking for the address", () => {
  beforeEach(() => emailForSignIn.clear());
  afterEach(() => vi.restoreAllMocks());

  it("asks for the address the link was sent to, caret in the field", async () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Confirm your email");
    expect(document.title).toMatch(/^Confirm Your Email · /);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText("Email Address")),
    );
  });

  it.each([
    ["", fieldMessages.required],
    ["   ", fieldMessages.required],
    ["not-an-address", fieldMessages.email],
  ])("refuses %j with '%s' in the alert and completes nothing", async (typed, message) => {
    const { fetchSpy, user } = renderPage();
    if (typed) await user.type(screen.getByLabelText("Email Address"), typed);
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(message)).toBeTruthy();
    const field = screen.getByLabelText("Email Address");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe("confirm-email-errors");
    expect(completions(fetchSpy)).toEqual([]);
  });
});

/** The link opened where it was asked for: the address is remembered, the completion fails. */
function renderFailedCompletion(status: number, body: unknown) {
  emailForSignIn.write("ada@example.test");
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) =>
    (init?.method ?? "GET") === "GET"
      ? new Response("null", { headers: { "content-type": "application/json" } })
      : new Response(JSON.stringify(body), {
          status,
          headers: { "content-type": "application/json" },
        }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <EmailLinkSignIn token={token} returnUrl={null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("EmailLinkSignIn, a failed completion", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    emailForSignIn.clear();
  });

  it("offers another try after a rate limit, in the server's words", async () => {
    renderFailedCompletion(429, { error: { code: "rate_limited", message: "Too many tries." } });
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Too many tries.");
  });

  it("calls a refused link spent, whatever its status, without another try", async () => {
    renderFailedCompletion(400, { error: { code: "invalid_link", message: "Server words" } });
    expect(await screen.findByText(authMessages.invalidLink)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("says an expired link expired, and sends a new one to the same address in one tap", async () => {
    emailForSignIn.write("ada@example.test");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
      const path = new URL(String(url), window.location.origin).pathname;
      const answer = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { "content-type": "application/json" },
        });
      if ((init?.method ?? "GET") === "GET") return answer(200, null);
      if (path === "/api/sign-in/email-link/send")
        return answer(200, { data: { email: "ada@example.test" } });
      return answer(400, {
        error: { code: "link_expired", message: authMessages.linkExpired },
      });
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <EmailLinkSignIn token={token} returnUrl="/invite/abc" />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    expect(
      await screen.findByRole("heading", { level: 1, name: "This link has expired" }),
    ).toBeTruthy();
    expect(screen.getByText(authMessages.linkExpired)).toBeTruthy();
    expect(screen.queryByText(authMessages.invalidLink)).toBeNull();
    expect(screen.getByText("ada@example.test")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: authMessages.sendNewLink }));

    expect(await screen.findByText(authMessages.linkSent("ada@example.test"))).toBeTruthy();
    const sent = fetchSpy.mock.calls.find((call) => String(call[0]).endsWith("/send"));
    const body = JSON.parse(String((sent?.[1] as RequestInit | undefined)?.body));
    expect(body.email).toBe("ada@example.test");
    // The new link comes back to the same place.
    expect(new URL(body.actionCodeSettings.url).searchParams.get("returnUrl")).toBe("/invite/abc");
  });
});
