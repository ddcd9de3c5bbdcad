// Yesterday's result and streaks (decision 0026): each finished day rolled up
// exactly once, its split frozen, streaks across days on the test clock, a
// guest's streak carried to the account they sign in to.
import { dayBefore, utcDay } from "@eitheror/shared/global-dilemma/rules";
import {
  type GetGlobalDilemmaResponse,
  type GetSelectionResponse,
  getGlobalDilemmaResponseSchema,
  getSelectionResponseSchema,
  type Option,
} from "@eitheror/shared/global-dilemma/schema";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/app";
import type { Database } from "../../db/client";
import { globalDayRollups, globalDilemmas, session, userStreaks } from "../../db/schema";
import { createTransactor } from "../../db/transaction";
import { createAccess } from "../../lib/auth/access";
import { createSessionProofs } from "../../lib/auth/session-proofs";
import { createClock } from "../../lib/clock";
import { createMemoryEventBus } from "../../lib/live/events";
import { createGlobalDilemmaService } from "./service";
import { TODAY_MAX_AGE_MS } from "./today-cache";

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let other: Database;
beforeAll(async () => {
  t = await createTestApp();
  other = await t.database.openAnother();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

let weeksAhead = 0;
/** A stretch of days no other test used (setup.ts puts the clock back after each test). */
async function freshWeek() {
  weeksAhead += 2;
  await move(weeksAhead * 7 * DAY_MS);
}

async function move(advanceMs: number, runJobs = false) {
  const moved = await t.client().post("/api/test/clock", { body: { advanceMs, runJobs } });
  expect(moved.status).toBe(200);
}
const nextDay = (runJobs = false) => move(DAY_MS, runJobs);

async function read(client: TestClient = t.client()) {
  const response = await client.get<GetGlobalDilemmaResponse>("/api/dilemmas/global");
  expect(response.status).toBe(200);
  return getGlobalDilemmaResponseSchema.parse(response.body).data;
}

async function choose(client: TestClient, option: Option = "A") {
  const { globalDilemmaData } = await read(client);
  const response = await client.post(`/api/dilemmas/global/${globalDilemmaData.id}/selection`, {
    body: { option },
  });
  expect(response.status).toBe(200);
  return globalDilemmaData;
}

async function streakOf(client: TestClient) {
  const { globalDilemmaData } = await read(client);
  const response = await client.get<GetSelectionResponse>(
    `/api/dilemmas/global/${globalDilemmaData.id}/selection`,
  );
  expect(response.status).toBe(200);
  return getSelectionResponseSchema.parse(response.body).data.streak;
}

/** The global dilemma service of another app instance: its own handle and clock, at the same time. */
function otherInstance() {
  const clock = createClock();
  clock.advance(t.clock.now().getTime() - Date.now());
  return createGlobalDilemmaService(
    {
      db: other.db,
      clock,
      transaction: createTransactor(other.db, () => {}),
      access: createAccess({ adminEmails: [] }),
      events: createMemoryEventBus({ warn: () => {} }),
    },
    { proofs: createSessionProofs(() => clock.now().getTime()) },
  );
}

describe("the daily roll-up", () => {
  it("rolls a day up exactly once when the next day's first requests arrive together on two instances", async () => {
    await freshWeek();
    const regulars = await Promise.all([1, 2].map(() => t.anonymous({ http: true })));
    for (const regular of regulars) await choose(regular);
    await nextDay();
    const day = utcDay(t.clock.now());
    const visitors = await Promise.all([1, 2, 3, 4, 5].map(() => t.anonymous({ http: true })));
    const picks: Option[] = ["A", "A", "B", "A", "B"];
    await Promise.all(visitors.map((visitor, i) => choose(visitor, picks[i])));
    await Promise.all(regulars.map((regular) => choose(regular, "B")));
    expect(await t.db.select().from(globalDayRollups).where(eq(globalDayRollups.day, day))).toEqual(
      [],
    );

    // The next day, before the daily job: 30 reads here and 30 on another instance, at once.
    await nextDay();
    const second = otherInstance();
    const views = await Promise.all([
      ...Array.from({ length: 15 }, () => read()),
      ...visitors.map((visitor) => streakOf(visitor)),
      ...Array.from({ length: 30 }, () => second.todayView()),
    ]);
    expect(views).toHaveLength(50);

    const rolled = await t.db.select().from(globalDayRollups).where(eq(globalDayRollups.day, day));
    expect(rolled).toHaveLength(1);
    expect(rolled[0]).toMatchObject({ countA: 3, countB: 4 });
    const ids = [...visitors, ...regulars].map((client) => client.userId);
    const streaks = await t.db.select().from(userStreaks).where(inArray(userStreaks.userId, ids));
    const byUser = new Map(streaks.map((row) => [row.userId, row]));
    for (const visitor of visitors) {
      expect(byUser.get(visitor.userId)).toMatchObject({ lastDay: day, days: 1 });
    }
    for (const regular of regulars) {
      expect(byUser.get(regular.userId)).toMatchObject({ lastDay: day, days: 2 });
    }
    // Everyone read yesterday's final split, on either instance.
    const { yesterdayData } = await read();
    expect(yesterdayData).toMatchObject({ day, countA: 3, countB: 4 });
    expect((await second.todayView()).yesterday).toMatchObject({ day, countA: 3, countB: 4 });
  }, 60_000);

  it("freezes the final split: a late choice on yesterday's dilemma does not move it", async () => {
    await freshWeek();
    const early = await t.anonymous();
    const yesterday = await choose(early, "A");
    await nextDay(true);
    const { yesterdayData } = await read();
    expect(yesterdayData).toEqual({ ...yesterday, countA: 1, countB: 0 });

    const late = await t.anonymous();
    const answer = await late.post(`/api/dilemmas/global/${yesterday.id}/selection`, {
      body: { option: "B" },
    });
    expect(answer.status).toBe(200);
    const [live] = await t.db
      .select()
      .from(globalDilemmas)
      .where(eq(globalDilemmas.id, yesterday.id));
    expect(live?.countB).toBe(1);
    await move(TODAY_MAX_AGE_MS);
    expect((await read()).yesterdayData).toMatchObject({ countA: 1, countB: 0 });
    // The shared link of that day shows the same final split.
    const shared = await t.client().get(`/api/dilemmas/global/days/${yesterday.day}`);
    expect(shared.body).toMatchObject({
      data: { isToday: false, globalDilemmaData: { countA: 1, countB: 0 } },
    });
  });

  it("answers no yesterday on a day after a day without a dilemma", async () => {
    await freshWeek();
    const { globalDilemmaData, yesterdayData } = await read();
    expect(yesterdayData).toBeNull();
    const [before] = await t.db
      .select()
      .from(globalDilemmas)
      .where(eq(globalDilemmas.day, dayBefore(globalDilemmaData.day)));
    expect(before).toBeUndefined();
  });
});

describe("a visitor's streak", () => {
  it("counts consecutive days with a choice, and a missed day breaks it", async () => {
    await freshWeek();
    const visitor = await t.anonymous();
    expect(await streakOf(visitor)).toEqual({ days: 0, chosenToday: false });
    await choose(visitor);
    expect(await streakOf(visitor)).toEqual({ days: 1, chosenToday: true });
    await nextDay();
    expect(await streakOf(visitor)).toEqual({ days: 1, chosenToday: false });
    await choose(visitor, "B");
    expect(await streakOf(visitor)).toEqual({ days: 2, chosenToday: true });
    await nextDay();
    await choose(visitor);
    // Changing today's choice changes nothing.
    await choose(visitor, "B");
    expect(await streakOf(visitor)).toEqual({ days: 3, chosenToday: true });

    await nextDay(); // nothing chosen on this one
    expect(await streakOf(visitor)).toEqual({ days: 3, chosenToday: false });
    await nextDay();
    expect(await streakOf(visitor)).toEqual({ days: 0, chosenToday: false });
    await choose(visitor);
    expect(await streakOf(visitor)).toEqual({ days: 1, chosenToday: true });
  });

  it("moves with a guest to the account they sign in to", async () => {
    await freshWeek();
    const guest = await t.anonymous();
    for (let day = 0; day < 3; day++) {
      await choose(guest);
      await nextDay();
    }
    expect(await streakOf(guest)).toEqual({ days: 3, chosenToday: false });
    const guestId = guest.userId;
    const account = await t.signIn(`streak-${weeksAhead}@example.test`, { client: guest });
    expect(account.userId).not.toBe(guestId);
    // The guest, and its streak's row, are gone.
    expect(await t.db.select().from(userStreaks).where(eq(userStreaks.userId, guestId))).toEqual(
      [],
    );
    expect(await streakOf(account)).toEqual({ days: 3, chosenToday: false });
    await choose(account);
    expect(await streakOf(account)).toEqual({ days: 4, chosenToday: true });
  });

  it("reads many viewers at once, together, each their own choice and streak", async () => {
    await freshWeek();
    const visitors = await Promise.all(
      Array.from({ length: 40 }, () => t.anonymous({ http: true })),
    );
    // Every other one chose yesterday too; every third chooses today, B.
    for (const [i, visitor] of visitors.entries()) if (i % 2 === 0) await choose(visitor);
    await nextDay();
    const { globalDilemmaData: today } = await read();
    for (const [i, visitor] of visitors.entries()) if (i % 3 === 0) await choose(visitor, "B");
    const answers = await Promise.all(
      visitors.map((visitor) =>
        visitor.get<GetSelectionResponse>(`/api/dilemmas/global/${today.id}/selection`),
      ),
    );
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      const { data } = getSelectionResponseSchema.parse(answer.body);
      const chosen = i % 3 === 0;
      expect(data.globalDilemmaSelection).toEqual(chosen ? { optionSelected: "B" } : null);
      expect(data.streak).toEqual({
        days: (i % 2 === 0 ? 1 : 0) + (chosen ? 1 : 0),
        chosenToday: chosen,
      });
    });
  }, 60_000);

  it("refuses the read to a session that ended, in the same statement", async () => {
    await freshWeek();
    const visitor = await t.anonymous();
    const { globalDilemmaData } = await read();
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, visitor.userId));
    const answer = await visitor.get(`/api/dilemmas/global/${globalDilemmaData.id}/selection`);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: { code: "not_signed_in" } });
  });

  it("joins an account's own days with the guest's when a guest signs in", async () => {
    await freshWeek();
    const email = `joined-${weeksAhead}@example.test`;
    const elsewhere = await t.signIn(email);
    await choose(elsewhere); // day 1, as the account
    await nextDay();
    const guest = await t.anonymous();
    await choose(guest); // day 2, as a guest
    await nextDay();
    await choose(guest); // day 3: chosen today, before signing in
    await t.signIn(email, { client: guest });
    expect(await streakOf(guest)).toEqual({ days: 3, chosenToday: true });
    expect(await streakOf(elsewhere)).toEqual({ days: 3, chosenToday: true });
  });
});
