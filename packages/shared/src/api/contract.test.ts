import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineOperation, operationUrl } from "./contract";

const removeMember = defineOperation({
  method: "POST",
  path: "/groups/:id/members/:memberId/remove",
  summary: "Remove a member",
  tags: ["groups"],
  params: z.object({ id: z.string(), memberId: z.string() }),
  response: z.object({ data: z.object({}) }),
});

describe("operationUrl", () => {
  it("fills every parameter under the API base, encoded", () => {
    expect(operationUrl(removeMember, { id: "g/1", memberId: "a b?" })).toBe(
      "/api/groups/g%2F1/members/a%20b%3F/remove",
    );
  });

  it("adds the query, leaving out unset values", () => {
    expect(operationUrl({ path: "/feed" }, {}, { page: 2, q: "a&b", none: undefined })).toBe(
      "/api/feed?page=2&q=a%26b",
    );
  });

  it("refuses to build a URL with a parameter missing", () => {
    expect(() => operationUrl(removeMember, { id: "g1" })).toThrow(/memberId/);
  });
});
