// The daily dilemma's hot paths (decisions 0021, 0023, 0031, 0033) without timing
// anything: the shared copy of today's counts, in every read of today's dilemma
// (a viewer's own too), is at most a second old and a chooser's own answer exact
// at once; choices written together in one statement
// stay exact, in order and durable; a session is checked in the very statement,
// or trusted for at most SESSION_PROOF_MS after such a check.
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
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/app";
import { globalDilemmas, globalSelections, session, user } from "../../db/schema";
import { AUTH_BASE_PATH } from "../../lib/auth/provider";
import { SESSION_PROOF_MS } from "../../lib/auth/session-proofs";
import { TODAY_MAX_AGE_MS } from "./today-cache";

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let daysAhead = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A day no other test used: a fresh dilemma with zero counts. */
async function newDay() {
  daysAhead += 1;
  const moved = await t.client().post("/api/test/clock", {
    body: { advanceMs: daysAhead * DAY_MS, runJobs: true },
  });
  expect(moved.status).toBe(200);
  return today();
}

async function moveClock(advanceMs: number) {
  const moved = await t.client().post("/api/test/clock", { body: { advanceMs, runJobs: false } });
  expect(moved.status).toBe(200);
}

async function today(): Promise<GlobalDilemma> {
  const response = await t.client().get<GetGlobalDilemmaResponse>("/api/dilemmas/global");
  expect(response.status).toBe(200);
  return getGlobalDilemmaResponseSchema.parse(response.body).data.globalDilemmaData;
}

function choose(client: TestClient, id: string, option: Option) {
  return client.post<PostSelectionResponse>(`/api/dilemmas/global/${id}/selection`, {
    body: { option },
  });
}

async function stored(id: string) {
  const rows = await t.db
    .select({ option: globalSelections.option, n: count() })
    .from(globalSelections)
    .where(eq(globalSelections.globalDilemmaId, id))
    .groupBy(globalSelections.option);
  const of = (option: Option) => rows.find((row) => row.option === option)?.n ?? 0;
  return { countA: of("A"), countB: of("B") };
}

/** A new day, and a guest whose choice of A on it was saved (their session proven). */
async function aVisitorWhoChoseA() {
  const { id } = await newDay();
  const visitor = await t.anonymous();
  expect((await choose(visitor, id, "A")).status).toBe(200);
  return { id, visitor };
}

/** The counters on the day's row. */
async function counters(id: string) {
  const [day] = await t.db.select().from(globalDilemmas).where(eq(globalDilemmas.id, id));
  return { countA: day?.countA, countB: day?.countB };
}

async function storedChoice(id: string, userId: string) {
  const [row] = await t.db
    .select({ option: globalSelections.option })
    .from(globalSelections)
    .where(and(eq(globalSelections.globalDilemmaId, id), eq(globalSelections.userId, userId)));
  return row?.option ?? null;
}

describe("today's counts, shared by every visitor", () => {
  it("show a change made elsewhere within a second", async () => {
    const { id } = await newDay();
    const before = await today();
    // Another instance's choices, straight into the database.
    await t.db
      .update(globalDilemmas)
      .set({ countA: sql`${globalDilemmas.countA} + 5` })
      .where(eq(globalDilemmas.id, id));
    await moveClock(TODAY_MAX_AGE_MS);
    expect(await today()).toMatchObject({ id, countA: before.countA + 5 });
  });

  it("answer a chooser exactly at once, and the next read of this instance has the choice", async () => {
    const { id } = await newDay();
    const others = await Promise.all([t.anonymous(), t.anonymous()]);
    await Promise.all(others.map((other) => choose(other, id, "B")));
    expect(await today()).toMatchObject({ countA: 0, countB: 2 });
    const me = await t.anonymous();
    const answer = await choose(me, id, "A");
    expect(answer.status).toBe(200);
    const counted = postSelectionResponseSchema.parse(answer.body).data.globalDilemmaData;
    expect(counted).toMatchObject({ id, countA: 1, countB: 2 });
    expect(await today()).toEqual(counted);
  });

  it("are the copy's in a viewer's own read too: their choice at once, one made elsewhere within a second", async () => {
    const { id, visitor } = await aVisitorWhoChoseA();
    const ownRead = async () => {
      const response = await visitor.get<GetSelectionResponse>(
        `/api/dilemmas/global/${id}/selection`,
      );
      expect(response.status).toBe(200);
      return getSelectionResponseSchema.parse(response.body).data;
    };
    expect(await ownRead()).toMatchObject({
      globalDilemmaSelection: { optionSelected: "A" },
      globalDilemmaData: { id, countA: 1, countB: 0 },
    });
    // Another instance's choices, straight into the database.
    await t.db
      .update(globalDilemmas)
      .set({ countB: sql`${globalDilemmas.countB} + 3` })
      .where(eq(globalDilemmas.id, id));
    await moveClock(TODAY_MAX_AGE_MS);
    expect((await ownRead()).globalDilemmaData).toMatchObject({ countA: 1, countB: 3 });
  });
});

describe("choices written together", () => {
  it("keep the counts equal to the rows when many choose and switch at once", async () => {
    const { id } = await newDay();
    const visitors = await Promise.all(
      Array.from({ length: 60 }, () => t.anonymous({ http: true })),
    );
    const first = await Promise.all(
      visitors.map((visitor, i) => choose(visitor, id, i % 3 === 0 ? "B" : "A")),
    );
    expect(first.map((answer) => answer.status)).toEqual(first.map(() => 200));
    // Every third switches, every fourth says the same again, all at once.
    const again = await Promise.all(
      visitors.map((visitor, i) => {
        const option: Option = i % 3 === 0 ? "B" : "A";
        return choose(visitor, id, i % 2 === 0 ? (option === "A" ? "B" : "A") : option);
      }),
    );
    expect(again.map((answer) => answer.status)).toEqual(again.map(() => 200));
    const rows = await stored(id);
    expect(rows.countA + rows.countB).toBe(visitors.length);
    expect(await counters(id)).toEqual(rows);
  }, 60_000);

  it("count one visitor's choices on their way together once", async () => {
    const { id } = await newDay();
    const crowd = await Promise.all(Array.from({ length: 10 }, () => t.anonymous({ http: true })));
    const me = await t.anonymous({ http: true });
    const answers = await Promise.all([
      ...crowd.map((visitor) => choose(visitor, id, "A")),
      choose(me, id, "A"),
      choose(me, id, "B"),
      choose(me, id, "A"),
      choose(me, id, "B"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    // Which came last depends on how they travelled; each was applied, one after another.
    const mine = await storedChoice(id, me.userId);
    expect(["A", "B"]).toContain(mine);
    const rows = await stored(id);
    expect(rows).toEqual(mine === "A" ? { countA: 11, countB: 0 } : { countA: 10, countB: 1 });
    expect(await counters(id)).toEqual(rows);
  }, 60_000);

  it("answer each choice only once it is stored, with counts that include it", async () => {
    const { id } = await newDay();
    const visitors = await Promise.all(
      Array.from({ length: 30 }, () => t.anonymous({ http: true })),
    );
    await Promise.all(
      visitors.map(async (visitor, i) => {
        const option: Option = i % 2 === 0 ? "A" : "B";
        const answer = await choose(visitor, id, option);
        expect(answer.status).toBe(200);
        // Read the moment the answer arrives: the choice is already there.
        expect(await storedChoice(id, visitor.userId)).toBe(option);
        const { countA, countB } = postSelectionResponseSchema.parse(answer.body).data
          .globalDilemmaData;
        expect(option === "A" ? countA : countB).toBeGreaterThanOrEqual(1);
      }),
    );
  }, 60_000);
});

describe("the session, checked where the choice is written or a moment before", () => {
  it("is refused at once after signing out", async () => {
    const { id, visitor } = await aVisitorWhoChoseA();
    const token = visitor.cookies.get("better-auth.session_token");
    expect((await visitor.post(`${AUTH_BASE_PATH}/sign-out`, { body: {} })).status).toBe(200);
    const replay = t.client();
    if (token) replay.cookies.set("better-auth.session_token", token);
    const refused = await choose(replay, id, "B");
    expect(refused.status).toBe(401);
    expect(await storedChoice(id, visitor.userId)).toBe("A");
  });

  it("is refused within SESSION_PROOF_MS for an account disabled elsewhere", async () => {
    const { id, visitor } = await aVisitorWhoChoseA();
    // Another instance's ban: straight into the database, unseen by this one.
    await t.db.update(user).set({ banned: true }).where(eq(user.id, visitor.userId));
    await moveClock(SESSION_PROOF_MS);
    expect((await choose(visitor, id, "B")).status).toBe(401);
    expect(await storedChoice(id, visitor.userId)).toBe("A");
    const read = await visitor.get<GetSelectionResponse>(`/api/dilemmas/global/${id}/selection`);
    expect(read.status).toBe(401);
  });

  it("is refused within SESSION_PROOF_MS for a session ended elsewhere", async () => {
    const { id, visitor } = await aVisitorWhoChoseA();
    await t.db.delete(session).where(eq(session.userId, visitor.userId));
    await moveClock(SESSION_PROOF_MS);
    expect((await choose(visitor, id, "B")).status).toBe(401);
    expect(await storedChoice(id, visitor.userId)).toBe("A");
  });

  it("is trusted for its second still when another visitor arrives", async () => {
    const { id, visitor } = await aVisitorWhoChoseA();
    // A newcomer's guest session ends no other; then this one ends elsewhere, unseen here.
    await t.anonymous();
    await t.db.delete(session).where(eq(session.userId, visitor.userId));
    expect((await choose(visitor, id, "B")).status).toBe(200);
    await moveClock(SESSION_PROOF_MS);
    expect((await choose(visitor, id, "A")).status).toBe(401);
    expect(await storedChoice(id, visitor.userId)).toBe("B");
  });

  it("answers 401, not an error, for a session proven a moment ago whose account is gone", async () => {
    const { id, visitor } = await aVisitorWhoChoseA();
    // Deleted elsewhere, its session and choice with it: the proof here is still young.
    await t.db.delete(user).where(eq(user.id, visitor.userId));
    expect((await choose(visitor, id, "B")).status).toBe(401);
    expect(await storedChoice(id, visitor.userId)).toBeNull();
  });

  it("answers 404 for a dilemma that does not exist, the session proven a moment ago", async () => {
    const { id, visitor } = await aVisitorWhoChoseA();
    const missing = await choose(visitor, "no-such-dilemma", "B");
    expect(missing.status).toBe(404);
    expect(await storedChoice(id, visitor.userId)).toBe("A");
  });

  it("keeps one choice per person when two of their sessions choose together", async () => {
    const { id } = await newDay();
    const email = `two-sessions-${id}@example.com`;
    const phone = await t.signIn(email, { client: await t.httpClient() });
    const laptop = await t.signIn(email, { client: await t.httpClient() });
    const crowd = await Promise.all(Array.from({ length: 8 }, () => t.anonymous({ http: true })));
    const everyone = [phone, laptop, ...crowd];
    // First choices prove every session; then all switch at once, both of this person's too.
    for (const answer of await Promise.all(everyone.map((client) => choose(client, id, "A")))) {
      expect(answer.status).toBe(200);
    }
    const again = await Promise.all([
      ...crowd.map((visitor) => choose(visitor, id, "B")),
      choose(phone, id, "B"),
      choose(laptop, id, "A"),
    ]);
    expect(again.map((answer) => answer.status)).toEqual(again.map(() => 200));
    const mine = await storedChoice(id, phone.userId);
    expect(["A", "B"]).toContain(mine);
    const rows = await stored(id);
    expect(rows.countA + rows.countB).toBe(crowd.length + 1);
    expect(await counters(id)).toEqual(rows);
  }, 60_000);
});
