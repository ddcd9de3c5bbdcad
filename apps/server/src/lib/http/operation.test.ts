// jsonOnce (decision 0088): the parts of answers many callers share, each encoded once.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonOnce } from "./operation";

const pointSchema = z.object({ x: z.number(), at: z.iso.datetime() });

describe("jsonOnce", () => {
  it("encodes a value by its schema, in the schema's key order, once per object", () => {
    const json = jsonOnce(pointSchema);
    const point = { at: "2026-11-27T10:00:00.000Z", x: 1 };
    const text = json(point);
    expect(text).toBe('{"x":1,"at":"2026-11-27T10:00:00.000Z"}');
    // Kept by the object: what it held when first encoded is what every answer holds.
    point.x = 2;
    expect(json(point)).toBe(text);
    expect(json({ ...point })).toBe('{"x":2,"at":"2026-11-27T10:00:00.000Z"}');
  });

  it("refuses a value its schema does not take, and keeps nothing of it", () => {
    const json = jsonOnce(pointSchema);
    const bad = { x: "1", at: "yesterday" } as unknown as z.output<typeof pointSchema>;
    expect(() => json(bad)).toThrow();
    expect(() => json(bad)).toThrow();
  });
});
