import type { Vote } from "@eitheror/shared/rounds/schema";
import { describe, expect, it } from "vitest";
import { predictionOf, predictionsBy } from "./round-results";

const vote = (selectedBy: string, selectedFor: string, optionSelected: "A" | "B"): Vote => ({
  selectedBy,
  selectedFor,
  optionSelected,
  comments: "",
  commentHidden: false,
  isRight: null,
});

describe("predictionsBy", () => {
  it("finds every member's prediction about every member, as predictionOf does, in one pass", () => {
    const members = ["ana", "ben", "cy"];
    const votes = members.flatMap((by, i) =>
      members.map((about, j) => vote(by, about, (i + j) % 2 === 0 ? "A" : "B")),
    );
    const reads: number[] = [];
    const counted = new Proxy(votes, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads.push(Number(key));
        return Reflect.get(target, key, receiver);
      },
    });
    const index = predictionsBy(counted);
    expect(reads).toHaveLength(votes.length);
    for (const by of members) {
      for (const about of members) {
        expect(index.get(by)?.get(about)).toBe(predictionOf(votes, by, about));
      }
    }
    expect(index.get("dee")).toBeUndefined();
  });
});
