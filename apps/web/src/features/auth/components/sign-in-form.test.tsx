import { authMessages } from "@eitheror/shared/auth/schema";
import { fieldMessages } from "@eitheror/shared/validation/messages";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { SignInForm } from "./sign-in-form";

function renderForm() {
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SignInForm returnUrl={null} />
    </QueryClientProvider>,
  );
  return { fetchSpy, user: userEvent.setup() };
}

describe("SignInForm", () => {
  afterEach(() => vi.restoreAllMocks());

  it("puts the caret in the address field on arrival", async () => {
    renderForm();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText("Email Address")),
    );
  });

  it.each([
    ["", fieldMessages.required],
    ["not-an-address", fieldMessages.email],
  ])("refuses %j with '%s' in the alert and sends nothing", async (typed, message) => {
    const { fetchSpy, user } = renderForm();
    if (typed) await user.type(screen.getByLabelText("Email Address"), typed);
    await user.click(screen.getByRole("button", { name: /send/i }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(screen.getByLabelText("Email Address").getAttribute("aria-invalid")).toBe("true");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("offline, says it is offline rather than 'Internal error', and keeps the address", async () => {
    const { fetchSpy, user } = renderForm();
    fetchSpy.mockRejectedValue(new TypeError("Failed to fetch"));
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await user.type(screen.getByLabelText("Email Address"), "ada@example.test");
    await user.click(screen.getByRole("button", { name: /send/i }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("You are offline. Check your connection and try again.");
    expect(alert.textContent).not.toContain(authMessages.sendFailed);
    expect(screen.getByLabelText<HTMLInputElement>("Email Address").value).toBe("ada@example.test");
  });

  it("keeps the product's message when the server fails", async () => {
    const { fetchSpy, user } = renderForm();
    fetchSpy.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: "internal_error", message: "Boom" } }), {
        status: 500,
        headers: { "content-type": "application/json" },
      }),
    );
    await user.type(screen.getByLabelText("Email Address"), "ada@example.test");
    await user.click(screen.getByRole("button", { name: /send/i }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(authMessages.sendFailed);
  });
});
