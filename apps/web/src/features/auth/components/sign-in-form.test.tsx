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
});
