import { revealQuery } from "@eitheror/shared/rounds/reveal";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { paths } from "@/config/paths";
import { RoundOverNotice } from "./round-over-notice";

describe("RoundOverNotice", () => {
  it("says the round is over and leads to that round's reveal", async () => {
    const onDismiss = vi.fn();
    render(
      <MemoryRouter>
        <RoundOverNotice groupId="g1" roundId="r1" onDismiss={onDismiss} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("status").textContent).toContain(roundMessages.roundOver);
    expect(screen.getByRole("link", { name: roundMessages.seeResults }).getAttribute("href")).toBe(
      `${paths.archivedRound("g1", "r1")}${revealQuery}`,
    );
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
