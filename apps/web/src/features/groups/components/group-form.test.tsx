import {
  MAX_DAYS_BETWEEN_ROUNDS,
  MAX_GROUP_NAME_LENGTH,
  MAX_MAX_MEMBERS,
  MIN_DAYS_BETWEEN_ROUNDS,
  MIN_MAX_MEMBERS,
} from "@eitheror/shared/groups/schema";
import { fieldMessages } from "@eitheror/shared/validation/messages";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { GroupForm } from "./group-form";

function renderForm(failure?: { message: string }[]) {
  const onSubmit = vi.fn();
  render(
    <GroupForm
      defaultValues={{ name: "Book club", maxMembers: 10, daysBetweenRounds: 7 }}
      submitLabel="Create"
      pending={false}
      failure={failure}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(field(label));
  if (text) {
    await user.click(field(label));
    await user.paste(text);
  }
}

describe("GroupForm", () => {
  it("gives each field its range as a hint", () => {
    renderForm();
    expect(screen.getByText(new RegExp(`^Up to ${MAX_GROUP_NAME_LENGTH} characters`))).toBeTruthy();
    expect(
      screen.getByText(`${MIN_MAX_MEMBERS} to ${MAX_MAX_MEMBERS}, you included.`),
    ).toBeTruthy();
    expect(
      screen.getByText(new RegExp(`^${MIN_DAYS_BETWEEN_ROUNDS} to ${MAX_DAYS_BETWEEN_ROUNDS}:`)),
    ).toBeTruthy();
  });

  it("lists every field left empty by its label and submits nothing", async () => {
    const { onSubmit, user } = renderForm();
    for (const label of ["Group Name", "Max Members", "Days Between Rounds"]) {
      await fill(user, label, "");
    }
    await user.click(screen.getByRole("button", { name: "Create" }));

    const alert = await screen.findByRole("alert");
    expect([...alert.querySelectorAll("li")].map((item) => item.textContent)).toEqual([
      `Group Name: ${fieldMessages.required}`,
      `Max Members: ${fieldMessages.required}`,
      `Days Between Rounds: ${fieldMessages.required}`,
    ]);
    for (const label of ["Group Name", "Max Members", "Days Between Rounds"]) {
      expect(field(label).getAttribute("aria-invalid")).toBe("true");
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    [
      "Group Name",
      "x".repeat(MAX_GROUP_NAME_LENGTH + 1),
      fieldMessages.maxLength(MAX_GROUP_NAME_LENGTH),
    ],
    ["Group Name", "   ", fieldMessages.required],
    ["Max Members", String(MIN_MAX_MEMBERS - 1), fieldMessages.minValue(MIN_MAX_MEMBERS)],
    ["Max Members", String(MAX_MAX_MEMBERS + 1), fieldMessages.maxValue(MAX_MAX_MEMBERS)],
    ["Max Members", "2.5", "Max members must be a whole number."],
    [
      "Days Between Rounds",
      String(MIN_DAYS_BETWEEN_ROUNDS - 1),
      fieldMessages.minValue(MIN_DAYS_BETWEEN_ROUNDS),
    ],
    [
      "Days Between Rounds",
      String(MAX_DAYS_BETWEEN_ROUNDS + 1),
      fieldMessages.maxValue(MAX_DAYS_BETWEEN_ROUNDS),
    ],
  ])("refuses %s %j with '%s' and submits nothing", async (label, typed, message) => {
    const { onSubmit, user } = renderForm();
    await fill(user, label, typed);
    await user.click(screen.getByRole("button", { name: "Create" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(`${label}: ${message}`);
    expect(field(label).getAttribute("aria-invalid")).toBe("true");
    expect(field(label).getAttribute("aria-describedby")).toContain(alert.parentElement?.id);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits valid fields as numbers, the name trimmed", async () => {
    const { onSubmit, user } = renderForm();
    await fill(user, "Group Name", "  Film night  ");
    await fill(user, "Max Members", "12");
    await user.click(screen.getByRole("button", { name: "Create" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: "Film night",
      maxMembers: 12,
      daysBetweenRounds: 7,
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows what a failed call said under the field messages", async () => {
    const { user } = renderForm([{ message: "Said the server" }]);
    await fill(user, "Group Name", "");
    await user.click(screen.getByRole("button", { name: "Create" }));
    const alert = await screen.findByRole("alert");
    expect([...alert.querySelectorAll("li")].map((item) => item.textContent)).toEqual([
      `Group Name: ${fieldMessages.required}`,
      "Said the server",
    ]);
  });
});
