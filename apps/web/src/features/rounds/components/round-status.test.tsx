import { revealMessages } from "@eitheror/shared/rounds/reveal";
import { type RoundSummary, roundMessages } from "@eitheror/shared/rounds/schema";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RoundStatus } from "./round-status";

const summary = (changes: Partial<RoundSummary>): RoundSummary => ({
  roundId: "r1",
  groupId: "g1",
  dueDate: "2099-11-08T10:00:00.000Z",
  isSubmitted: false,
  isParticipant: true,
  ...changes,
});

describe("RoundStatus", () => {
  it("asks a participant who has not submitted for their votes", () => {
    render(<RoundStatus round={summary({})} />);
    expect(screen.getByText(roundMessages.awaitingYourVotes)).toBeTruthy();
  });

  it("asks nobody sitting the round out for votes: they play from the next one", () => {
    render(<RoundStatus round={summary({ isParticipant: false })} />);
    expect(screen.getByText(roundMessages.playingFromNextRound)).toBeTruthy();
    expect(screen.queryByText(roundMessages.awaitingYourVotes)).toBeNull();
  });

  it("says 'Results are in' while the newest results are unseen, beside the open round's line", () => {
    render(<RoundStatus round={summary({})} resultsIn />);
    expect(screen.getByText(revealMessages.resultsIn)).toBeTruthy();
    expect(screen.getByText(roundMessages.awaitingYourVotes)).toBeTruthy();
  });

  it("says 'Results are in' for a group with no open round, and nothing else", () => {
    const { container } = render(<RoundStatus resultsIn />);
    expect(container.textContent).toBe(revealMessages.resultsIn);
  });

  it("says nothing of results already seen", () => {
    render(<RoundStatus round={summary({})} />);
    expect(screen.queryByText(revealMessages.resultsIn)).toBeNull();
  });
});
