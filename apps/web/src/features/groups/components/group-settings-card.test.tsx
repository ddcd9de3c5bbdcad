import {
  type GroupData,
  groupMessages,
  MAX_GROUP_NAME_LENGTH,
} from "@eitheror/shared/groups/schema";
import { fieldMessages } from "@eitheror/shared/validation/messages";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { GroupSettingsCard } from "./group-settings-card";

const group: GroupData = {
  id: "g1",
  name: "Book club",
  maxMembers: 10,
  daysBetweenRounds: 7,
  inviteCode: "code",
  autoApproveDilemmas: false,
  admin: "ada",
  members: [{ id: "ada", displayName: "Ada", photoURL: null, admin: true }],
};

function renderCard({ isAdmin = true } = {}) {
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GroupSettingsCard group={group} isAdmin={isAdmin} />
    </QueryClientProvider>,
  );
  return { fetchSpy, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("GroupSettingsCard", () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives the admin the edit form, filled with the group's settings", () => {
    renderCard();
    expect(screen.getByRole("heading", { name: "Edit Group" })).toBeTruthy();
    expect(field("Group Name").value).toBe("Book club");
    expect(field("Max Members").value).toBe("10");
    expect(field("Days Between Rounds").value).toBe("7");
  });

  it.each([
    ["Group Name", "", fieldMessages.required],
    [
      "Group Name",
      "x".repeat(MAX_GROUP_NAME_LENGTH + 1),
      fieldMessages.maxLength(MAX_GROUP_NAME_LENGTH),
    ],
    ["Max Members", "101", fieldMessages.maxValue(100)],
    ["Days Between Rounds", "0", fieldMessages.minValue(1)],
  ])("refuses %s %j with '%s' and updates nothing", async (label, typed, message) => {
    const { fetchSpy, user } = renderCard();
    await user.clear(field(label));
    if (typed) {
      await user.click(field(label));
      await user.paste(typed);
    }
    await user.click(screen.getByRole("button", { name: "Update" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(`${label}: ${message}`);
    expect(field(label).getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText(groupMessages.saved)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("says 'Changes Saved' without a call when nothing changed", async () => {
    const { fetchSpy, user } = renderCard();
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect((await screen.findByRole("status")).textContent).toBe(groupMessages.saved);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows other members the settings read-only", () => {
    renderCard({ isAdmin: false });
    expect(screen.getByRole("heading", { name: "Group Settings" })).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getAllByRole("term").map((term) => term.textContent)).toEqual([
      "Group Name",
      "Max Members",
      "Days Between Rounds",
    ]);
    expect(screen.getAllByRole("definition").map((value) => value.textContent)).toEqual([
      "Book club",
      "10",
      "7",
    ]);
  });
});
