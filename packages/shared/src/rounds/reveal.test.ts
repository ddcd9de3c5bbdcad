import { describe, expect, it } from "vitest";
import { listOfNames, rankChange } from "./reveal";

describe("rankChange", () => {
  it("says a move up, down or none in a symbol and in words", () => {
    expect(rankChange(3, 1)).toEqual({ symbol: "↑2", label: "up 2 places" });
    expect(rankChange(1, 2)).toEqual({ symbol: "↓1", label: "down 1 place" });
    expect(rankChange(2, 2)).toEqual({ symbol: "=", label: "no change" });
  });

  it("has nothing to say of someone off the leaderboard, and names a newcomer", () => {
    expect(rankChange(1, null)).toBeNull();
    expect(rankChange(null, 2)).toEqual({ symbol: "new", label: "new on the leaderboard" });
  });
});

describe("listOfNames", () => {
  it("joins names as a sentence does", () => {
    expect(listOfNames([])).toBe("");
    expect(listOfNames(["Ann"])).toBe("Ann");
    expect(listOfNames(["Ann", "Ben"])).toBe("Ann and Ben");
    expect(listOfNames(["Ann", "Ben", "Cy"])).toBe("Ann, Ben and Cy");
  });
});
