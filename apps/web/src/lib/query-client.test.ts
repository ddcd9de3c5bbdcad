import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { createQueryClient } from "./query-client";

/** Runs one query that fails with `error`, and says whether the session was re-read. */
async function failQuery(error: unknown) {
  const onUnauthorized = vi.fn();
  const client = createQueryClient({ onUnauthorized });
  await client
    .fetchQuery({
      queryKey: ["failing"],
      queryFn: () => Promise.reject(error),
      retry: false,
    })
    .catch(() => undefined);
  return onUnauthorized;
}

async function failMutation(error: unknown) {
  const onUnauthorized = vi.fn();
  const client = createQueryClient({ onUnauthorized });
  await client
    .getMutationCache()
    .build(client, { mutationFn: () => Promise.reject(error) })
    .execute(undefined)
    .catch(() => undefined);
  return onUnauthorized;
}

describe("createQueryClient: the session's end", () => {
  it.each(["not_signed_in", "invalid_bearer"])(
    "re-reads the session when a read or a change fails with %s",
    async (code) => {
      const error = new ApiError(401, "Please sign in to continue.", code);
      expect(await failQuery(error)).toHaveBeenCalledTimes(1);
      expect(await failMutation(error)).toHaveBeenCalledTimes(1);
    },
  );

  it("decides on the code, not the status", async () => {
    // A 401 from elsewhere with another code, a 403 refusal: the session is not the question.
    expect(await failQuery(new ApiError(401, "x", "invalid_link"))).not.toHaveBeenCalled();
    expect(await failQuery(new ApiError(403, "x", "account_disabled"))).not.toHaveBeenCalled();
    expect(await failMutation(new ApiError(403, "x", "forbidden"))).not.toHaveBeenCalled();
    expect(await failQuery(new Error("boom"))).not.toHaveBeenCalled();
  });
});

describe("createQueryClient: retries", () => {
  const retry = createQueryClient().getDefaultOptions().queries?.retry as (
    failures: number,
    error: unknown,
  ) => boolean;

  it("asks again after no answer or a 5xx, up to twice", () => {
    for (const error of [
      new ApiError(0, "Cannot reach the server."),
      new ApiError(500, "x", "internal_error"),
      new ApiError(502, "a proxy's page, no envelope"),
      new ApiError(503, "x", "unavailable"),
    ]) {
      expect(retry(0, error)).toBe(true);
      expect(retry(1, error)).toBe(true);
      expect(retry(2, error)).toBe(false);
    }
  });

  it("never asks again after a 4xx, whatever its code", () => {
    for (const error of [
      new ApiError(400, "x", "invalid_input"),
      new ApiError(401, "x", "not_signed_in"),
      new ApiError(404, "x", "not_found"),
      new ApiError(409, "x", "group_full"),
      new ApiError(429, "x", "rate_limited"),
    ]) {
      expect(retry(0, error)).toBe(false);
    }
  });
});
