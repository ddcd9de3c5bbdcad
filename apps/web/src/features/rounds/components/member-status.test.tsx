import { ROUND_AVATARS_SHOWN } from "@eitheror/shared/rounds/schema";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { MemberStatus, type RoundMember } from "./member-status";

const people = (prefix: string, count: number): RoundMember[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    displayName: `${prefix} ${index}`,
    photoURL: null,
  }));

/** Where a link led: the group page's path and its query. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p>{`landed on ${pathname}${search}`}</p>;
}

function renderStatus(done: RoundMember[], waiting: RoundMember[]) {
  render(
    <MemoryRouter initialEntries={[paths.group("g1")]}>
      <Routes>
        <Route
          path={paths.group()}
          element={
            <>
              <MemberStatus groupId="g1" done={done} waiting={waiting} />
              <Landed />
            </>
          }
        />
        <Route path={paths.userProfile()} element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** The list under a row's heading ('Done (n)' or 'Waiting for (n)'). */
const row = (title: string) =>
  screen.getByRole("heading", { name: title }).nextElementSibling as HTMLElement;

describe("MemberStatus", () => {
  it("counts each row in its heading and shows everyone when there are 8 or fewer", () => {
    renderStatus(people("Done", ROUND_AVATARS_SHOWN), people("Waiting", 3));
    expect(within(row("Done (8)")).getAllByRole("link")).toHaveLength(ROUND_AVATARS_SHOWN);
    expect(within(row("Waiting for (3)")).getAllByRole("link")).toHaveLength(3);
    expect(screen.queryByText(/^\+\d+$/)).toBeNull();
  });

  it("says 'Nobody yet' for an empty row", () => {
    renderStatus([], people("Waiting", 2));
    expect(within(row("Done (0)")).getByText("Nobody yet")).toBeTruthy();
    expect(within(row("Done (0)")).queryAllByRole("link")).toHaveLength(0);
  });

  it.each([
    [9, 1],
    [12, 4],
  ])("with %i members shows 8 avatars, then '+%i'", (count, hidden) => {
    renderStatus([], people("Waiting", count));
    const links = within(row(`Waiting for (${count})`)).getAllByRole("link");
    expect(links).toHaveLength(ROUND_AVATARS_SHOWN + 1);
    const more = links[ROUND_AVATARS_SHOWN] as HTMLElement;
    expect(within(more).getByText(`+${hidden}`)).toBeTruthy();
    expect(more.textContent).toContain(`and ${hidden} more: see the leaderboard`);
  });

  it("opens the Leaderboard tab from '+N'", async () => {
    const user = renderStatus(people("Done", 10), []);
    const more = within(row("Done (10)")).getByRole("link", { name: /2 more/ });
    expect(more.getAttribute("href")).toBe(`${paths.group("g1")}?tab=leaderboard`);
    await user.click(more);
    expect(screen.getByText("landed on /group/g1?tab=leaderboard")).toBeTruthy();
  });

  it("links each avatar to that member's profile, named by the member", async () => {
    const user = renderStatus(people("Done", 2), people("Waiting", 1));
    const done = within(row("Done (2)")).getAllByRole("link");
    expect(done.map((link) => link.getAttribute("aria-label"))).toEqual(["Done 0", "Done 1"]);
    expect(done.map((link) => link.getAttribute("href"))).toEqual([
      "/user-profile/Done-0",
      "/user-profile/Done-1",
    ]);
    await user.click(screen.getByRole("link", { name: "Waiting 0" }));
    expect(screen.getByText("landed on /user-profile/Waiting-0")).toBeTruthy();
  });
});
