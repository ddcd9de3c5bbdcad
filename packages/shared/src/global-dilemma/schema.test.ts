import { describe, expect, it } from "vitest";
import { postSelectionBodySchema } from "./schema";

describe("postSelectionBodySchema", () => {
  it.each(["A", "B"])("accepts option %s", (option) => {
    expect(postSelectionBodySchema.parse({ option })).toEqual({ option });
  });

  it.each([{ option: "C" }, { option: "a" }, { option: 1 }, { option: null }, {}])(
    "rejects %j with the spec's message",
    (body) => {
      const result = postSelectionBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        "Option must be 'A' or 'B'.",
      ]);
    },
  );
});
