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
});
