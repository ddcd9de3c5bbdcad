import { QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setOnline } from "../../test/network";
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

describe("createQueryClient: offline", () => {
  afterEach(() => {
    setOnline(true);
    vi.restoreAllMocks();
  });

  /**
   * A read on screen (an observer) of an app that went offline while open,
   * answered by `answer`; `asked` counts its calls.
   */
  function readOnScreen(answer: () => Promise<string>, options: { data?: string } = {}) {
    const client = createQueryClient();
    client.mount();
    setOnline(false);
    const read = { asked: 0 };
    if (options.data) client.setQueryData(["read"], options.data, { updatedAt: 0 });
    const observer = new QueryObserver(client, {
      queryKey: ["read"],
      queryFn: () => {
        read.asked += 1;
        return answer();
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    return Object.assign(read, {
      result: () => observer.getCurrentResult(),
      stop: () => {
        unsubscribe();
        client.unmount();
      },
    });
  }

  const noAnswer = () => Promise.reject(new ApiError(0, "You are offline."));

  it("a read with nothing to show fails at once, without asking again, instead of waiting (its skeleton) for the connection", async () => {
    const read = readOnScreen(noAnswer);
    await vi.waitFor(() => expect(read.result().status).toBe("error"));
    expect(read.asked).toBe(1);
    expect(read.result().error).toMatchObject({ message: "You are offline." });
    read.stop();
  });

  it("is asked again by itself once the connection is back", async () => {
    let online = false;
    const read = readOnScreen(() => (online ? Promise.resolve("answer") : noAnswer()));
    await vi.waitFor(() => expect(read.result().status).toBe("error"));
    online = true;
    setOnline(true);
    await vi.waitFor(() => expect(read.result().data).toBe("answer"));
    expect(read.asked).toBe(2);
    read.stop();
  });

  it("a read with an answer on screen keeps it offline rather than asking (and failing)", async () => {
    const read = readOnScreen(noAnswer, { data: "earlier answer" });
    await Promise.resolve();
    expect(read.result()).toMatchObject({ status: "success", data: "earlier answer" });
    expect(read.asked).toBe(0);
    read.stop();
  });

  it("does not ask again after no answer while offline", () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (
      failures: number,
      error: unknown,
    ) => boolean;
    setOnline(false);
    expect(retry(0, new ApiError(0, "You are offline."))).toBe(false);
  });
});
