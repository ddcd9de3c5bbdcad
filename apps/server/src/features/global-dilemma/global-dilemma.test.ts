import { type ErrorEnvelope, errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import { utcDay } from "@eitheror/shared/global-dilemma/rules";
import {
  type GetGlobalDilemmaResponse,
  type GetSelectionResponse,
  type GlobalDilemma,
  getGlobalDilemmaResponseSchema,
  getSelectionResponseSchema,
  type Option,
  type PostSelectionResponse,
  postSelectionResponseSchema,
} from "@eitheror/shared/global-dilemma/schema";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/app";
import { createSession, createUser } from "../../../test/factories";
import { globalDilemmas, globalSelections } from "../../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
const OPTION_MESSAGE = "Option must be 'A' or 'B'.";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let daysAhead = 0;
/**
 * Moves the server clock to a day no other test has used, through the test clock
 * route, so each test starts with a fresh dilemma and zero counts. setup.ts resets
 * the clock after every test.
 */
async function startNewDay({ runJobs = true } = {}): Promise<string> {
  daysAhead += 1;
  const response = await t.client().post("/api/test/clock", {
    body: { advanceMs: daysAhead * DAY_MS, runJobs },
  });
  expect(response.status).toBe(200);
  return utcDay(t.clock.now());
}

async function today(client: TestClient = t.client()): Promise<GlobalDilemma> {
  const response = await client.get<GetGlobalDilemmaResponse>("/api/dilemmas/global");
  expect(response.status).toBe(200);
  return getGlobalDilemmaResponseSchema.parse(response.body).data.globalDilemmaData;
}

function select(client: TestClient, id: string, option: unknown) {
  return client.post<PostSelectionResponse>(`/api/dilemmas/global/${id}/selection`, {
    body: { option },
  });
}

function selectionOf(client: TestClient, id: string) {
  return client.get<GetSelectionResponse>(`/api/dilemmas/global/${id}/selection`);
}

async function rowsForDay(day: string): Promise<number> {
  const [row] = await t.db
    .select({ rows: count() })
    .from(globalDilemmas)
    .where(eq(globalDilemmas.day, day));
  return row?.rows ?? 0;
}

async function savedSelections(globalDilemmaId: string, option?: Option): Promise<number> {
  const [row] = await t.db
    .select({ rows: count() })
    .from(globalSelections)
    .where(
      and(
        eq(globalSelections.globalDilemmaId, globalDilemmaId),
        option ? eq(globalSelections.option, option) : undefined,
      ),
    );
  return row?.rows ?? 0;
}

function expectError(response: { status: number; body: unknown }, status: number, code: string) {
  expect(response.status).toBe(status);
  const { error } = errorEnvelopeSchema.parse(response.body);
  expect(error.code).toBe(code);
  expect(error.message).not.toBe("");
  return error;
}

describe("GET /api/dilemmas/global", () => {
  it("answers today's dilemma and its counts in the spec's envelope, without a session", async () => {
    const day = await startNewDay();
    const response = await t.client().get("/api/dilemmas/global");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        globalDilemmaData: {
          id: expect.any(String),
          day,
          dilemma: expect.any(String),
          optionA: expect.any(String),
          optionB: expect.any(String),
          countA: 0,
          countB: 0,
        },
        // The day before's result (rollup.test.ts): the test before used it, or none did.
        yesterdayData: expect.toBeOneOf([
          null,
          expect.objectContaining({ id: expect.any(String) }),
        ]),
      },
    });
  });

  it("keeps the same dilemma all day", async () => {
    const day = await startNewDay();
    const first = await today();
    const again = await today(t.client());
    const third = await today(await t.anonymous());
    expect(again).toEqual(first);
    expect(third).toEqual(first);
    expect(await rowsForDay(day)).toBe(1);
  });

  it("picks exactly one dilemma when a new day's first requests arrive together", async () => {
    // Before the daily job picks it: the requests race for the pick themselves.
    const day = await startNewDay({ runJobs: false });
    expect(await rowsForDay(day)).toBe(0);
    const answers = await Promise.all(Array.from({ length: 20 }, () => today()));
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(await rowsForDay(day)).toBe(1);
  });

  it("changes with the UTC day, to a dilemma not asked before", async () => {
    await startNewDay();
    const before = await today();
    const moved = await t.client().post("/api/test/clock", { body: { advanceMs: DAY_MS } });
    expect(moved.status).toBe(200);
    const after = await today();
    expect(after.id).not.toBe(before.id);
    expect(after.dilemma).not.toBe(before.dilemma);
  });
});

describe("POST /api/dilemmas/global/:id/selection", () => {
  it("records a first choice and answers the counts with it", async () => {
    await startNewDay();
    const { id } = await today();
    const client = await t.anonymous();
    const response = await select(client, id, "A");
    expect(response.status).toBe(200);
    const { data } = postSelectionResponseSchema.parse(response.body);
    expect(data.globalDilemmaSelectionData).toEqual({ optionSelected: "A" });
    expect(data.globalDilemmaData).toMatchObject({ id, countA: 1, countB: 0 });
  });

  it("moves exactly one count when the choice changes, and none when it is repeated", async () => {
    await startNewDay();
    const { id } = await today();
    const client = await t.anonymous();
    const other = await t.anonymous();
    await select(other, id, "A");

    const counts = async (option: Option) => {
      const response = await select(client, id, option);
      expect(response.status).toBe(200);
      const { countA, countB } = postSelectionResponseSchema.parse(response.body).data
        .globalDilemmaData;
      return { countA, countB };
    };
    expect(await counts("A")).toEqual({ countA: 2, countB: 0 });
    expect(await counts("A")).toEqual({ countA: 2, countB: 0 });
    expect(await counts("B")).toEqual({ countA: 1, countB: 1 });
    expect(await counts("B")).toEqual({ countA: 1, countB: 1 });
    expect(await counts("A")).toEqual({ countA: 2, countB: 0 });
    expect(await savedSelections(id)).toBe(2);
  });

  it("keeps the counts exact under 200 concurrent choices from 200 users", async () => {
    await startNewDay();
    const { id } = await today();
    // Real HTTP, so the requests really overlap in the server and the database.
    const users = await Promise.all(Array.from({ length: 200 }, () => t.anonymous({ http: true })));
    const choices = users.map((client, i) => ({ client, option: (i < 120 ? "A" : "B") as Option }));

    const responses = await Promise.all(
      choices.map(({ client, option }) => select(client, id, option)),
    );
    responses.forEach((response, i) => {
      expect(response.status).toBe(200);
      expect(
        postSelectionResponseSchema.parse(response.body).data.globalDilemmaSelectionData,
      ).toEqual({ optionSelected: choices[i]?.option });
    });

    expect(await today()).toMatchObject({ id, countA: 120, countB: 80 });
    expect(await savedSelections(id, "A")).toBe(120);
    expect(await savedSelections(id, "B")).toBe(80);

    // Now 60 A-choosers switch to B while 40 B-choosers pick B again, all at once.
    const switching = choices.slice(0, 60);
    const repeating = choices.slice(120, 160);
    await Promise.all([
      ...switching.map(({ client }) => select(client, id, "B")),
      ...repeating.map(({ client }) => select(client, id, "B")),
    ]);
    expect(await today()).toMatchObject({ id, countA: 60, countB: 140 });
    expect(await savedSelections(id, "A")).toBe(60);
    expect(await savedSelections(id, "B")).toBe(140);
  }, 120_000);

  it.each([
    ["C", { option: "C" }],
    ["a lower-case a", { option: "a" }],
    ["a number", { option: 1 }],
    ["null", { option: null }],
    ["a missing option", {}],
  ])("refuses %s with the spec's message and saves nothing", async (_, body) => {
    const { id } = await today();
    const client = await t.anonymous();
    const response = await client.post<ErrorEnvelope>(`/api/dilemmas/global/${id}/selection`, {
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: { code: "invalid_input", message: OPTION_MESSAGE, messages: [OPTION_MESSAGE] },
    });
    const saved = getSelectionResponseSchema.parse((await selectionOf(client, id)).body);
    expect(saved.data.globalDilemmaSelection).toBeNull();
  });

  it("answers 404 for a dilemma that does not exist", async () => {
    const client = await t.anonymous();
    const response = await select(client, "no-such-dilemma", "A");
    expectError(response, 404, "not_found");
    expect(response.body).toEqual({
      error: { code: "not_found", message: "This dilemma does not exist." },
    });
  });

  it("needs a session", async () => {
    const { id } = await today();
    const response = await select(t.client(), id, "A");
    expectError(response, 401, "not_signed_in");
  });

  it("refuses a call without the anti-forgery header and saves nothing", async () => {
    await startNewDay();
    const { id } = await today();
    const client = await t.anonymous();
    for (const headers of [{}, { "x-xsrf-token": "not-the-cookie" }] as Record<string, string>[]) {
      const response = await client.post(`/api/dilemmas/global/${id}/selection`, {
        body: { option: "A" },
        xsrf: false,
        headers,
      });
      expectError(response, 403, "forbidden");
    }
    expect(await savedSelections(id)).toBe(0);
    expect(await today()).toMatchObject({ countA: 0, countB: 0 });
  });

  it("lets an API client with a bearer token choose without the anti-forgery header", async () => {
    await startNewDay();
    const { id } = await today();
    const user = await createUser(t.db);
    const { token } = await createSession(t.db, user.id);
    const response = await t
      .client()
      .useBearer(token)
      .post(`/api/dilemmas/global/${id}/selection`, { body: { option: "B" }, xsrf: false });
    expect(response.status).toBe(200);
    expect(await savedSelections(id, "B")).toBe(1);
  });
});

describe("GET /api/dilemmas/global/:id/selection", () => {
  it("is null before choosing and the option after, with the current counts", async () => {
    await startNewDay();
    const { id } = await today();
    const client = await t.anonymous();

    const before = await selectionOf(client, id);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      data: {
        globalDilemmaSelection: null,
        globalDilemmaData: expect.objectContaining({ id, countA: 0, countB: 0 }),
        streak: { days: 0, chosenToday: false },
      },
    });

    await select(client, id, "B");
    const after = await selectionOf(client, id);
    expect(after.body).toEqual({
      data: {
        globalDilemmaSelection: { optionSelected: "B" },
        globalDilemmaData: expect.objectContaining({ id, countA: 0, countB: 1 }),
        streak: { days: 1, chosenToday: true },
      },
    });
  });

  it("shows each user their own choice only", async () => {
    await startNewDay();
    const { id } = await today();
    const chooser = await t.anonymous();
    const bystander = await t.anonymous();
    await select(chooser, id, "A");
    const theirs = getSelectionResponseSchema.parse((await selectionOf(bystander, id)).body);
    expect(theirs.data.globalDilemmaSelection).toBeNull();
    expect(theirs.data.globalDilemmaData.countA).toBe(1);
  });

  it("reads a past day's choice with that day's counts, and not as today's", async () => {
    await startNewDay();
    const { id: yesterday } = await today();
    const client = await t.anonymous();
    await select(client, yesterday, "B");
    const nextDay = await t.client().post("/api/test/clock", {
      body: { advanceMs: DAY_MS, runJobs: false },
    });
    expect(nextDay.status).toBe(200);
    const { id: current } = await today();
    const past = getSelectionResponseSchema.parse((await selectionOf(client, yesterday)).body);
    expect(past.data).toMatchObject({
      globalDilemmaSelection: { optionSelected: "B" },
      globalDilemmaData: { id: yesterday, countA: 0, countB: 1 },
      streak: { chosenToday: false },
    });
    const now = getSelectionResponseSchema.parse((await selectionOf(client, current)).body);
    expect(now.data).toMatchObject({
      globalDilemmaSelection: null,
      globalDilemmaData: { id: current, countA: 0, countB: 0 },
      streak: { chosenToday: false },
    });
  });

  it("answers 404 for a dilemma that does not exist", async () => {
    const client = await t.anonymous();
    const response = await selectionOf(client, "no-such-dilemma");
    expectError(response, 404, "not_found");
  });

  it("needs a session", async () => {
    const { id } = await today();
    expectError(await selectionOf(t.client(), id), 401, "not_signed_in");
  });
});
