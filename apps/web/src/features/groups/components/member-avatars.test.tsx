import { INVITE_AVATARS_SHOWN, type Invitation } from "@eitheror/shared/groups/schema";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MemberAvatars } from "./member-avatars";

/** `count` members as the server lists them: the admin first (docs/product.md, Invitation). */
function membersOf(count: number): Invitation["members"] {
  return Array.from({ length: count }, (_, index) => ({
    id: `u-${index}`,
    displayName: index === 0 ? "Ada Admin" : `Member${index} Last`,
    photoURL: null,
    admin: index === 0,
  }));
}

const faces = () =>
  screen.getAllByRole("listitem").filter((item) => !item.textContent?.includes("more"));
const badge = () => screen.queryByText(/^and \d+ more$/);

describe("MemberAvatars", () => {
  it.each([1, 2, INVITE_AVATARS_SHOWN])("shows all %i members and no '+N'", (count) => {
    render(<MemberAvatars members={membersOf(count)} />);
    expect(faces()).toHaveLength(count);
    expect(badge()).toBeNull();
    expect(screen.queryByText(/^\+\d+$/)).toBeNull();
  });

  // docs/decisions/0014-group-screens.md: N is members − 7, the people the badge stands
  // for (8 members: '+1', never '+0'; 9: '+2', never '+1').
  it.each([
    [8, 1],
    [9, 2],
    [100, 93],
  ])("with %i members shows 7 faces, then '+%i' for the members not shown", (count, hidden) => {
    render(<MemberAvatars members={membersOf(count)} />);
    expect(faces()).toHaveLength(INVITE_AVATARS_SHOWN);
    const items = screen.getAllByRole("listitem");
    const last = items[items.length - 1] as HTMLElement;
    expect(within(last).getByText(`+${hidden}`).getAttribute("aria-hidden")).not.toBeNull();
    expect(within(last).getByText(`and ${hidden} more`)).toBeTruthy();
    expect(items).toHaveLength(INVITE_AVATARS_SHOWN + 1);
  });

  it("puts the admin first, labelled Admin, and nobody else", () => {
    render(<MemberAvatars members={membersOf(9)} />);
    const [first, ...rest] = faces();
    expect(within(first as HTMLElement).getByText("Admin")).toBeTruthy();
    expect(within(first as HTMLElement).getByText("Ada")).toBeTruthy();
    expect(screen.getAllByText("Admin")).toHaveLength(1);
    expect(rest.map((item) => within(item).queryByText("Admin"))).toEqual(rest.map(() => null));
  });

  it("shows each member by first name, in the server's order", () => {
    render(<MemberAvatars members={membersOf(4)} />);
    const names = ["Ada", "Member1", "Member2", "Member3"];
    faces().forEach((item, index) => {
      expect(within(item).getByText(names[index] as string)).toBeTruthy();
    });
  });
});
