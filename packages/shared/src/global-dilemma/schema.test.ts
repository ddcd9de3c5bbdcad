import { describe, expect, it } from "vitest";
import { dayParamsSchema, postSelectionBodySchema } from "./schema";

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

describe("dayParamsSchema", () => {
  it.each(["2026-11-22", "2024-02-29", "2000-01-01", "0001-01-01", "9999-12-31"])(
    "accepts %s",
    (day) => {
      expect(dayParamsSchema.parse({ day })).toEqual({ day });
    },
  );
  it.each([
    "2026-13-01",
    "2026-02-30",
    "2023-02-29",
    "26-11-22",
    "2026-1-2",
    "today",
    "2026-11-22x",
    // No year 0 in the calendar, nor in PostgreSQL's dates (JavaScript has one).
    "0000-01-01",
    "0000-02-29",
    "0000-12-31",
  ])("refuses %s", (day) => {
    expect(dayParamsSchema.safeParse({ day }).success).toBe(false);
  });
});
