import { MAX_DILEMMA_LENGTH, MAX_OPTION_LENGTH } from "@eitheror/shared/dilemmas/schema";
import { fieldMessages } from "@eitheror/shared/validation/messages";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { AddDilemmaForm } from "./add-dilemma-form";

function renderForm() {
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AddDilemmaForm />
    </QueryClientProvider>,
  );
  return { fetchSpy, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const alertLines = (alert: HTMLElement) =>
  [...alert.querySelectorAll("li")].map((item) => item.textContent);

async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

describe("AddDilemmaForm", () => {
  afterEach(() => vi.restoreAllMocks());

  it("says the limits in its description", () => {
    renderForm();
    expect(
      screen.getByText(
        `A question of up to ${MAX_DILEMMA_LENGTH} characters and two answers of up to ${MAX_OPTION_LENGTH}.`,
      ),
    ).toBeTruthy();
  });

  it("lists every empty field by its label and adds nothing", async () => {
    const { fetchSpy, user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Add to the bank" }));

    const alert = await screen.findByRole("alert");
    expect(alertLines(alert)).toEqual([
      `Dilemma: ${fieldMessages.required}`,
      `Option A: ${fieldMessages.required}`,
      `Option B: ${fieldMessages.required}`,
    ]);
    for (const label of ["Dilemma", "Option A", "Option B"]) {
      expect(field(label).getAttribute("aria-invalid")).toBe("true");
      expect(field(label).getAttribute("aria-describedby")).toBe("add-dilemma-errors");
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("refuses texts over their limits, naming only the fields at fault, and adds nothing", async () => {
    const { fetchSpy, user } = renderForm();
    await fill(user, "Dilemma", "x".repeat(MAX_DILEMMA_LENGTH + 1));
    await fill(user, "Option A", "Tea");
    await fill(user, "Option B", "y".repeat(MAX_OPTION_LENGTH + 1));
    await user.click(screen.getByRole("button", { name: "Add to the bank" }));

    const alert = await screen.findByRole("alert");
    expect(alertLines(alert)).toEqual([
      `Dilemma: ${fieldMessages.maxLength(MAX_DILEMMA_LENGTH)}`,
      `Option B: ${fieldMessages.maxLength(MAX_OPTION_LENGTH)}`,
    ]);
    expect(field("Option A").getAttribute("aria-invalid")).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("counts text of only spaces as empty", async () => {
    const { fetchSpy, user } = renderForm();
    await fill(user, "Dilemma", "   ");
    await fill(user, "Option A", "Tea");
    await fill(user, "Option B", "Coffee");
    await user.click(screen.getByRole("button", { name: "Add to the bank" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(`Dilemma: ${fieldMessages.required}`);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
