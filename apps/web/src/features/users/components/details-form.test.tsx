import { fieldMessages } from "@eitheror/shared/validation/messages";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { DetailsForm } from "./details-form";

function renderForm() {
  const onSaved = vi.fn(async () => undefined);
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DetailsForm userId="user-1" onSaved={onSaved} />
    </QueryClientProvider>,
  );
  // The picker accepts image/*; a drop or a forced pick can still bring another type.
  return { onSaved, fetchSpy, user: userEvent.setup({ applyAccept: false }) };
}

describe("DetailsForm", () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses an empty name with the field's message and sends nothing", async () => {
    const { onSaved, fetchSpy, user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Save" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(fieldMessages.required)).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("refuses a file that is not an image before any upload", async () => {
    const { fetchSpy, user } = renderForm();
    const text = new File(["hello"], "notes.txt", { type: "text/plain" });
    await user.upload(screen.getByLabelText("Profile image (optional)"), text);

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Only image files are allowed.")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("names the screen in the tab and has one h1", () => {
    renderForm();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(document.title).toMatch(/^Your Details · /);
  });

  it("keeps the product's header as written, with a plainer line under it", () => {
    renderForm();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      "Enter your Name and upload profile image (optional).",
    );
    expect(
      screen.getByText("Choose the name your friends will see. A photo is up to you."),
    ).toBeTruthy();
  });
});
