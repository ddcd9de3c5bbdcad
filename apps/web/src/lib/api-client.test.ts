import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { defineOperation } from "@eitheror/shared/api/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, callApi, deferOperation, operationKey, SESSION_ENDED_CODE } from "./api-client";
import { endSession } from "./end-session";

const rename = defineOperation({
  method: "PUT",
  path: "/things/:id/name",
  summary: "test operation",
  tags: [],
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string() }),
  response: z.object({ data: z.object({ name: z.string() }) }),
});

interface Seen {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A real HTTP server on this machine, the page's origin: each test says what it answers. */
let reply: { status: number; body: unknown } = { status: 200, body: {} };
let seen: Seen[] = [];
const server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", async () => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body });
    const holding = held?.url === request.url ? held : undefined;
    const status = holding ? await holding.answered : reply.status;
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(reply.body));
  });
});
/** One URL the server holds its answer to, until the test answers with a status. */
let held: { url: string; answered: Promise<number>; answer: (status: number) => void } | undefined;

function hold(url: string) {
  let answer: (status: number) => void = () => {};
  const answered = new Promise<number>((resolve) => {
    answer = resolve;
  });
  held = { url, answered, answer };
  return held;
}
let origin = "";

function answer(status: number, body: unknown) {
  reply = { status, body };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  seen = [];
  held = undefined;
  window.happyDOM.setURL(`${origin}/group/1`);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("callApi", () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the anti-forgery cookie the page would have.
    document.cookie = "XSRF-TOKEN=; max-age=0";
  });

  it("sends the contract's method to its URL, parameters encoded, with the anti-forgery pair", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    document.cookie = "XSRF-TOKEN=t0k%2Ben";
    answer(200, { data: { name: "Bo" } });

    const result = await callApi(rename, { params: { id: "a/b c" }, body: { name: "Bo" } });

    expect(result).toEqual({ data: { name: "Bo" } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: "PUT",
      url: "/api/things/a%2Fb%20c/name",
      body: JSON.stringify({ name: "Bo" }),
    });
    expect(seen[0]?.headers["x-xsrf-token"]).toBe("t0k+en");
    expect(seen[0]?.headers["content-type"]).toBe("application/json");
  });

  it("turns the error envelope into an ApiError with its code and field messages", async () => {
    answer(409, { error: { code: "group_full", message: "Member limit reached." } });
    const failure = await callApi(rename, { params: { id: "1" }, body: { name: "x" } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 409,
      code: "group_full",
      message: "Member limit reached.",
    });

    answer(400, { error: { code: "invalid_input", message: "Bad", messages: ["Name: too long"] } });
    await expect(
      callApi(rename, { params: { id: "1" }, body: { name: "x" } }),
    ).rejects.toMatchObject({ status: 400, messages: ["Name: too long"] });
  });

  it("says the server cannot be reached when nothing answers", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    window.happyDOM.setURL(`http://127.0.0.1:${port}/`);

    await expect(
      callApi(rename, { params: { id: "1" }, body: { name: "x" } }),
    ).rejects.toMatchObject({ status: 0, message: expect.stringContaining("Cannot reach") });
  });

  it("says it is offline, not that the server is out of reach, when the browser is offline", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    try {
      await expect(
        callApi(rename, { params: { id: "1" }, body: { name: "x" } }),
      ).rejects.toMatchObject({
        status: 0,
        message: "You are offline. Check your connection and try again.",
      });
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("fails loudly when an answer drifts from the contract", async () => {
    answer(200, { data: { name: 42 } });
    await expect(callApi(rename, { params: { id: "1" }, body: { name: "x" } })).rejects.toThrow();
  });
});

describe("a deferred operation", () => {
  it("sends its request before its contract has arrived, then parses with it", async () => {
    answer(200, { data: { name: "Bo" } });
    let arrive: (operation: typeof rename) => void = () => {};
    const deferred = deferOperation(
      { method: "PUT", path: "/things/:id/name" },
      () => new Promise<typeof rename>((resolve) => (arrive = resolve)),
    );

    const call = callApi(deferred, { params: { id: "7" }, body: { name: "Bo" } });
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toMatchObject({ method: "PUT", url: "/api/things/7/name" });
    arrive(rename);
    expect(await call).toEqual({ data: { name: "Bo" } });
    expect(operationKey(deferred, { id: "7" })).toEqual(operationKey(rename, { id: "7" }));
  });

  it("fails loudly when the answer drifts from the contract it loads", async () => {
    answer(200, { data: { name: 42 } });
    const deferred = deferOperation(
      { method: "PUT", path: "/things/:id/name" },
      async () => rename,
    );
    await expect(callApi(deferred, { params: { id: "1" }, body: { name: "x" } })).rejects.toThrow();
  });

  it("calls a contract that cannot be fetched a connection problem", async () => {
    answer(200, { data: { name: "Bo" } });
    const deferred = deferOperation(
      { method: "PUT", path: "/things/:id/name" },
      (): Promise<typeof rename> =>
        Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
    );
    await expect(
      callApi(deferred, { params: { id: "1" }, body: { name: "x" } }),
    ).rejects.toMatchObject({ status: 0, message: expect.stringContaining("Cannot reach") });
  });
});

describe("operationKey", () => {
  it("starts every key of an operation with its path, so one invalidation reaches them all", () => {
    expect(operationKey(rename)).toEqual(["/things/:id/name"]);
    expect(operationKey(rename, { id: "7" })).toEqual(["/things/:id/name", { id: "7" }]);
  });
});

describe("endSession", () => {
  const read = defineOperation({
    method: "GET",
    path: "/things/:id",
    summary: "test read",
    tags: [],
    params: z.object({ id: z.string() }),
    response: z.object({ data: z.object({ name: z.string() }) }),
  });
  const signOut = defineOperation({
    method: "POST",
    path: "/auth/sign-out",
    summary: "test log-out",
    tags: [],
    body: z.object({}),
    response: z.object({ success: z.boolean() }),
  });
  const urls = () => seen.map((request) => `${request.method} ${request.url}`);

  it("lets no call cross the end: those sent are answered first, those set off meanwhile are dropped", async () => {
    answer(200, { data: { name: "Bo" } });
    const slowRead = hold("/api/things/sent-before");
    const sentBefore = callApi(read, { params: { id: "sent-before" } });
    await expect.poll(urls).toEqual(["GET /api/things/sent-before"]);

    const order: string[] = [];
    let nextPage: Promise<unknown> = Promise.resolve();
    const ended = endSession(signOut, async (failure) => {
      order.push(`page changes, failure: ${String(failure)}`);
      // The next page's call, set off after the end: it waits for the page change, then leaves.
      nextPage = callApi(read, { params: { id: "next-page" } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(urls()).not.toContain("GET /api/things/next-page");
      order.push("page changed");
    });
    // A call the old screen sets off while the session ends.
    const setOffMeanwhile = callApi(read, { params: { id: "meanwhile" } }).catch(
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(urls(), "the log-out waits for the call on its way").toEqual([
      "GET /api/things/sent-before",
    ]);

    slowRead.answer(200);
    await expect(sentBefore).resolves.toEqual({ data: { name: "Bo" } });
    await ended;
    await expect(nextPage).resolves.toEqual({ data: { name: "Bo" } });
    expect(await setOffMeanwhile).toMatchObject({ status: 401, code: SESSION_ENDED_CODE });
    expect(order).toEqual(["page changes, failure: undefined", "page changed"]);
    expect(urls()).toEqual([
      "GET /api/things/sent-before",
      "POST /api/auth/sign-out",
      "GET /api/things/next-page",
    ]);
  });

  it("waits a second at most for a call already sent: a long one does not hold up the log-out", async () => {
    answer(200, { data: { name: "Bo" } });
    const upload = hold("/api/things/long");
    const long = callApi(read, { params: { id: "long" } });
    await expect.poll(urls).toEqual(["GET /api/things/long"]);

    const started = Date.now();
    await endSession(signOut, async () => {});
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(urls()).toEqual(["GET /api/things/long", "POST /api/auth/sign-out"]);
    upload.answer(200);
    await expect(long).resolves.toEqual({ data: { name: "Bo" } });
  });

  it("ends nothing when the log-out fails: the calls that waited then leave", async () => {
    answer(200, { data: { name: "Bo" } });
    const refused = hold("/api/auth/sign-out");
    let pageChangedWith: unknown;
    const ended = endSession(signOut, async (failure) => {
      pageChangedWith = failure;
    });
    await expect.poll(urls).toEqual(["POST /api/auth/sign-out"]);
    const setOffMeanwhile = callApi(read, { params: { id: "meanwhile" } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(urls()).toEqual(["POST /api/auth/sign-out"]);

    refused.answer(503);
    await expect(ended).rejects.toMatchObject({ status: 503 });
    expect(pageChangedWith).toMatchObject({ status: 503 });
    await expect(setOffMeanwhile).resolves.toEqual({ data: { name: "Bo" } });
    expect(urls()).toEqual(["POST /api/auth/sign-out", "GET /api/things/meanwhile"]);
  });
});
