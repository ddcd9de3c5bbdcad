import { roundsApi } from "@eitheror/shared/rounds/contract";
import { describe, expect, it } from "vitest";
import { operationKey } from "@/lib/api-client";
import { roundsStaleAfter } from "./group-events";

describe("roundsStaleAfter", () => {
  const stale = roundsStaleAfter("g1");
  const key = (operation: "current" | "archived" | "leaderboard" | "whoKnowsWhom" | "reveal") =>
    operationKey(roundsApi[operation], { id: "g1" });

  it("a submit moves the current round only", () => {
    expect(stale["member-submitted"]).toEqual([key("current")]);
  });

  it("a closed round changes the round, home's cards, the archive, the scores and the reveal", () => {
    // The reveal is asked for first: it is what the open page waits for.
    expect(stale["round-closed"]).toEqual([
      key("reveal"),
      key("current"),
      operationKey(roundsApi.currentOfMine),
      key("archived"),
      key("leaderboard"),
      key("whoKnowsWhom"),
    ]);
  });

  it("a member joining or leaving changes who knows whom (current members only)", () => {
    expect(stale["members-changed"]).toEqual([key("whoKnowsWhom")]);
  });
});
