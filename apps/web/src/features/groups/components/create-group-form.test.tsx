import { fieldMessages } from "@eitheror/shared/validation/messages";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { CreateGroupForm } from "./create-group-form";

function renderForm() {
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CreateGroupForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchSpy, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("CreateGroupForm", () => {
  afterEach(() => vi.restoreAllMocks());

  it("names the screen, has one h1, and starts at 10 members and 7 days with no name", () => {
    renderForm();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(document.title).toMatch(/^Create Group · /);
    expect(field("Group Name").value).toBe("");
    expect(field("Max Members").value).toBe("10");
    expect(field("Days Between Rounds").value).toBe("7");
  });

  it("refuses a group without a name and creates nothing", async () => {
    const { fetchSpy, user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Create" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(`Group Name: ${fieldMessages.required}`);
    expect(field("Group Name").getAttribute("aria-invalid")).toBe("true");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("refuses numbers out of range by their labels and creates nothing", async () => {
    const { fetchSpy, user } = renderForm();
    await user.type(field("Group Name"), "Book club");
    await user.clear(field("Max Members"));
    await user.type(field("Max Members"), "1");
    await user.clear(field("Days Between Rounds"));
    await user.type(field("Days Between Rounds"), "30");
    await user.click(screen.getByRole("button", { name: "Create" }));

    const alert = await screen.findByRole("alert");
    expect([...alert.querySelectorAll("li")].map((item) => item.textContent)).toEqual([
      `Max Members: ${fieldMessages.minValue(2)}`,
      `Days Between Rounds: ${fieldMessages.maxValue(7)}`,
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
