import { dilemmaKey } from "@eitheror/shared/dilemmas/rules";
import { type BankStats, type Dilemma, dilemmaMessages } from "@eitheror/shared/dilemmas/schema";
import { fieldMessages } from "@eitheror/shared/validation/messages";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/app";
import { createSession, createUser } from "../../../test/factories";
import { startFakeLlm } from "../../../test/fake-llm";
import { dilemmas } from "../../db/schema";
import { insertDilemmas, knownKeys } from "./data";
import { BATCH_SIZE, MAX_REPLY_BYTES } from "./provider";

type ErrorBody = { error: { code: string; message: string; messages?: string[] } };
const ADMIN = "bank-keeper@example.test";
const UNVERIFIED_ADMIN = "not-yet@example.test";

let llm: Awaited<ReturnType<typeof startFakeLlm>>;
let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({
    env: {
      ADMIN_EMAILS: `${ADMIN},${UNVERIFIED_ADMIN}`,
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: "test-model",
      LLM_API_KEY: "sk-test",
      LLM_TIMEOUT_MS: "3000",
    },
  });
  admin = await t.signIn(ADMIN, { name: "Keeper" });
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

async function bankSize() {
  const [row] = await t.db.select({ n: count() }).from(dilemmas);
  return row?.n ?? 0;
}

async function inBank(question: string) {
  const rows = await t.db
    .select()
    .from(dilemmas)
    .where(eq(dilemmas.dedupeKey, dilemmaKey(question)));
  return rows[0] ?? null;
}

const generate = (client: TestClient = admin) =>
  client.post<{ data: { added: number } } & ErrorBody>("/api/admin/manually-generate-dilemmas");

const item = (n: number) => ({
  dilemma: `Would you rather test case ${n} or test case ${n + 1000}?`,
  optionA: `Case ${n}`,
  optionB: `Case ${n + 1000}`,
});

describe("Generate Dilemmas", () => {
  it("adds a good batch, asking for JSON with the configured model and key", async () => {
    const before = await bankSize();
    llm.answer({ content: JSON.stringify({ dilemmas: [item(1), item(2), item(3)] }) });
    const response = await generate();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { added: 3 } });
    expect(await bankSize()).toBe(before + 3);
    expect(await inBank(item(2).dilemma)).toMatchObject({ ...item(2), source: "generated" });
    const asked = llm.requests.at(-1);
    expect(asked?.authorization).toBe("Bearer sk-test");
    expect(asked?.body.model).toBe("test-model");
    expect(asked?.body.response_format).toEqual({ type: "json_object" });
  });

  it("accepts a batch in a fenced code block", async () => {
    llm.answer({
      content: `Here you go:\n\`\`\`json\n${JSON.stringify({ dilemmas: [item(4)] })}\n\`\`\``,
    });
    expect((await generate()).body).toEqual({ data: { added: 1 } });
  });

  it("drops duplicates of the bank and of the batch itself, and malformed items", async () => {
    const shipped = await t.db.select().from(dilemmas).limit(1);
    const known = shipped[0];
    if (!known) throw new Error("the bank is empty");
    const before = await bankSize();
    const idsBefore = new Set(
      (await t.db.select({ id: dilemmas.id }).from(dilemmas)).map((r) => r.id),
    );
    llm.answer({
      content: JSON.stringify({
        dilemmas: [
          { dilemma: known.dilemma.toUpperCase(), optionA: "x", optionB: "y" },
          item(5),
          { ...item(5), optionA: "same question, other answer" },
          { dilemma: "No answers?" },
          { dilemma: "", optionA: "a", optionB: "b" },
          { dilemma: "Too long an answer?", optionA: "x".repeat(61), optionB: "b" },
          "not even an object",
          item(6),
        ],
      }),
    });
    expect((await generate()).body).toEqual({ data: { added: 2 } });
    expect(await bankSize()).toBe(before + 2);
    // The rows that landed are the two good new ones, the first take of item 5 among them.
    const landed = (await t.db.select().from(dilemmas)).filter((row) => !idsBefore.has(row.id));
    const fields = ({ dilemma, optionA, optionB, source }: (typeof landed)[number]) => ({
      dilemma,
      optionA,
      optionB,
      source,
    });
    expect(landed.map(fields).sort((a, b) => a.dilemma.localeCompare(b.dilemma))).toEqual([
      { ...item(5), source: "generated" },
      { ...item(6), source: "generated" },
    ]);
    // The bank's own dilemma is still the one row of its question, as it was.
    const sameQuestion = await t.db
      .select()
      .from(dilemmas)
      .where(eq(dilemmas.dedupeKey, known.dedupeKey));
    expect(sameQuestion).toEqual([known]);
    for (const malformed of ["No answers?", "Too long an answer?"]) {
      expect(await inBank(malformed), malformed).toBeNull();
    }
  });

  it.each([
    ["an error status", { status: 500, body: '{"error":"overloaded"}' }, /HTTP 500/],
    ["an answer that is not JSON", { content: "Sure! Here are some dilemmas: …" }, /not JSON/],
    ["JSON of the wrong shape", { content: '{"questions":[]}' }, /no "dilemmas" list/],
    ["no answer within the time limit", { hang: true as const }, /did not answer within/],
  ])("is a 502 that says so on %s, and adds nothing", async (_, reply, message) => {
    const before = await bankSize();
    llm.answer(reply);
    const response = await generate();
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe("generator_failed");
    expect(response.body.error.message).toMatch(message);
    expect(await bankSize()).toBe(before);
  });

  it("is a 503 naming the variables to set when no generator is configured", async () => {
    const bare = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    try {
      const keeper = await bare.signIn(ADMIN, { name: "Keeper" });
      const response = await generate(keeper);
      expect(response.status).toBe(503);
      expect(response.body.error.message).toBe(dilemmaMessages.notConfigured);
      expect(response.body.error.message).toMatch(/LLM_BASE_URL.*LLM_MODEL/);
    } finally {
      await bare.close();
    }
  });
});

describe("a generator that answers more than it was asked", () => {
  it("has only the batch it asked for stored, from an answer of thousands", async () => {
    const before = await bankSize();
    const many = Array.from({ length: 6000 }, (_, n) => ({
      dilemma: `Many ${n}?`,
      optionA: "A",
      optionB: "B",
    }));
    llm.answer({ content: JSON.stringify({ dilemmas: many }) });
    const response = await generate();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { added: BATCH_SIZE } });
    expect(await bankSize()).toBe(before + BATCH_SIZE);
    // The first of the answer, in its order.
    expect(await inBank(`Many ${BATCH_SIZE - 1}?`)).not.toBeNull();
    expect(await inBank(`Many ${BATCH_SIZE}?`)).toBeNull();
  });

  it.each([
    ["announced by its Content-Length", true],
    ["sent without a length", false],
  ])("stops reading an answer past 1 MB %s: a 502, and nothing added", async (_, announce) => {
    const before = await bankSize();
    llm.answer({ stream: { bytes: 64 * MAX_REPLY_BYTES, announce } });
    const response = await generate();
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe("generator_failed");
    expect(response.body.error.message).toMatch(/larger than 1 MB/);
    expect(await bankSize()).toBe(before);
    // The server hung up instead of taking the 64 MB in.
    expect(await llm.streamedBytes()).toBeLessThan(16 * MAX_REPLY_BYTES);
  });

  it("follows no redirect: a 502 that says so, and nothing asked of the other address", async () => {
    const before = await bankSize();
    llm.answer({ redirect: { content: JSON.stringify({ dilemmas: [item(7)] }) } });
    const response = await generate();
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe("generator_failed");
    expect(response.body.error.message).toMatch(/redirect \(HTTP 307\)/);
    expect(llm.paths).not.toContain(llm.movedPath);
    expect(await inBank(item(7).dilemma)).toBeNull();
    expect(await bankSize()).toBe(before);
  });

  it("adds any number of rows to the bank, each statement under PostgreSQL's 65,535 parameters", async () => {
    const before = await bankSize();
    // Five parameters a row: 14,000 rows in one statement would bind 70,000.
    const rows = Array.from({ length: 14_000 }, (_, n) => {
      const dilemma = `Bulk ${n}?`;
      return { dilemma, optionA: "A", optionB: "B", dedupeKey: dilemmaKey(dilemma) };
    });
    const added = await t.db.transaction((tx) =>
      insertDilemmas(
        tx,
        rows.map((row) => ({ ...row, source: "generated" as const })),
      ),
    );
    expect(added).toHaveLength(rows.length);
    expect(await bankSize()).toBe(before + rows.length);
    const known = await knownKeys(
      t.db,
      rows.map((row) => row.dedupeKey),
    );
    expect(known.size).toBe(rows.length);
  });
});

describe("adding a dilemma by hand", () => {
  it("adds a trimmed dilemma and refuses the same question again", async () => {
    const body = {
      dilemma: "  Would you rather sing or dance?  ",
      optionA: "Sing",
      optionB: "Dance",
    };
    const added = await admin.post<{ data: { dilemma: Dilemma } }>("/api/admin/dilemmas", { body });
    expect(added.status).toBe(200);
    expect(added.body.data.dilemma).toMatchObject({
      dilemma: "Would you rather sing or dance?",
      source: "admin",
    });
    const again = await admin.post<ErrorBody>("/api/admin/dilemmas", {
      body: { ...body, dilemma: "would you rather SING, or dance" },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "duplicate_dilemma",
      message: dilemmaMessages.duplicate,
    });
  });

  it("refuses missing and over-long fields with the field messages", async () => {
    const response = await admin.post<ErrorBody>("/api/admin/dilemmas", {
      body: { dilemma: "", optionA: "x".repeat(61), optionB: "ok" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.messages).toEqual([
      fieldMessages.required,
      fieldMessages.maxLength(60),
    ]);
  });
});

describe("the bank's figures", () => {
  it("counts the bank, what the daily dilemma used, and what is left", async () => {
    await t.client().get("/api/dilemmas/global");
    const response = await admin.get<{ data: { bankData: BankStats } }>(
      "/api/admin/dilemmas/stats",
    );
    expect(response.status).toBe(200);
    const stats = response.body.data.bankData;
    expect(stats.total).toBe(await bankSize());
    expect(stats.usedByDaily).toBe(1);
    expect(stats.leftForDaily).toBe(stats.total - 1);
    expect(stats.generatorConfigured).toBe(true);
    expect(stats.generated).toBeGreaterThan(0);
  });
});

describe("every admin route", () => {
  const routes: [string, string, object?][] = [
    ["POST", "/api/admin/manually-generate-dilemmas"],
    [
      "POST",
      "/api/admin/dilemmas",
      { dilemma: "Would you rather A or B?", optionA: "A", optionB: "B" },
    ],
    ["GET", "/api/admin/dilemmas/stats"],
    ["GET", "/api/admin/feedback"],
  ];

  it("is refused to a guest, a signed-in non-admin and an admin-by-address not yet verified", async () => {
    const unverified = await createUser(t.db, { email: UNVERIFIED_ADMIN, emailVerified: false });
    const { token } = await createSession(t.db, unverified.id);
    const callers: [string, TestClient, number][] = [
      ["nobody", t.client(), 401],
      ["a guest", await t.anonymous(), 403],
      ["a player", await t.signIn("just-a-player@example.test", { name: "Player" }), 403],
      ["an unverified admin address", t.client().useBearer(token), 403],
    ];
    const before = await bankSize();
    const calls = llm.requests.length;
    for (const [method, url, body] of routes) {
      for (const [who, client, status] of callers) {
        const response = await client.request(method as "GET", url, { body });
        expect(response.status, `${who}: ${method} ${url}`).toBe(status);
      }
    }
    expect(await bankSize()).toBe(before);
    expect(llm.requests.length).toBe(calls);
  });
});
