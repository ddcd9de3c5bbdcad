// A day's result to share: the public read of a day, its card (PNG) and the
// preview tags of /daily/<day>.
import { rmSync } from "node:fs";
import { utcDay } from "@eitheror/shared/global-dilemma/rules";
import type { GetDayResponse } from "@eitheror/shared/global-dilemma/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { expectCardPng, getImage } from "../../../test/png";
import { advanceClock, DAY_MS } from "../../../test/rounds";
import { fakeWebBuild } from "../../../test/web-build";
import { IMAGE_MAX_AGE } from "./service";

let t: TestApp;
let build: ReturnType<typeof fakeWebBuild>;
beforeAll(async () => {
  build = fakeWebBuild();
  t = await createTestApp({ webRoot: build.root });
});
afterAll(async () => {
  await t?.close();
  rmSync(build.root, { recursive: true, force: true });
});

const dayOf = (ms: number) => utcDay(new Date(ms));
const readDay = (day: string) => t.client().get<GetDayResponse>(`/api/dilemmas/global/days/${day}`);
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

/** Today gets its dilemma and two choices (A, A, B: 67% A), then the clock moves a day on. */
async function yesterdayWithChoices() {
  const today = await readDay(utcDay(t.clock.now()));
  expect(today.status).toBe(200);
  expect(today.body.data.isToday).toBe(true);
  const dilemma = today.body.data.globalDilemmaData;
  for (const option of ["A", "A", "B"]) {
    const visitor = await t.anonymous();
    const chosen = await visitor.post(`/api/dilemmas/global/${dilemma.id}/selection`, {
      body: { option },
    });
    expect(chosen.status).toBe(200);
  }
  await advanceClock(t.client(), DAY_MS);
  return dilemma;
}

describe("GET /api/dilemmas/global/days/:day", () => {
  it("answers a past day's question and final split, today's as today, and refuses the rest", async () => {
    const dilemma = await yesterdayWithChoices();
    const past = await readDay(dilemma.day);
    expect(past.status).toBe(200);
    expect(past.body.data.isToday).toBe(false);
    expect(past.body.data.globalDilemmaData).toMatchObject({
      id: dilemma.id,
      day: dilemma.day,
      dilemma: dilemma.dilemma,
    });
    const { countA, countB } = past.body.data.globalDilemmaData;
    expect(countA - dilemma.countA).toBe(2);
    expect(countB - dilemma.countB).toBe(1);

    const now = t.clock.now().getTime();
    const today = await readDay(dayOf(now));
    expect(today.status).toBe(200);
    expect(today.body.data.isToday).toBe(true);
    expect(today.body.data.globalDilemmaData.day).toBe(dayOf(now));

    const future = await readDay(dayOf(now + DAY_MS));
    expect(future.status).toBe(404);
    expect(future.text).toContain("not_found");
    // A day before the game began has no dilemma, and asking does not make one.
    expect((await readDay("2001-01-01")).status).toBe(404);
    expect((await readDay("2001-01-01")).status).toBe(404);
    // The calendar's first day and its last four-digit one: long before, long after.
    expect((await readDay("0001-01-01")).status).toBe(404);
    expect((await readDay("9999-12-31")).status).toBe(404);
  });

  it.each([
    "2026-13-01",
    "2026-02-30",
    "yesterday",
    "2026-1-1",
    "2026-11-22%20",
    "%00",
    // No year 0: JavaScript has one, PostgreSQL's dates do not (it was a 500).
    "0000-01-01",
    "0000-02-29",
  ])("refuses the malformed day %s with a 400", async (day) => {
    const response = await t.client().get(`/api/dilemmas/global/days/${day}`);
    expect(response.status).toBe(400);
    expect(response.text).toContain("invalid_input");
  });
});

describe("the daily share card", () => {
  it("is a 1200×630 PNG of the day, cached long for a past day and briefly for today", async () => {
    const dilemma = await yesterdayWithChoices();
    const past = await getImage(t, `/api/share/daily/${dilemma.day}/image.png`);
    expect(past.status).toBe(200);
    expect(past.type).toBe("image/png");
    expect(past.cacheControl).toBe(`public, max-age=${IMAGE_MAX_AGE.past}`);
    await expectCardPng(past.png);

    const today = await getImage(t, `/api/share/daily/${utcDay(t.clock.now())}/image.png`);
    expect(today.status).toBe(200);
    expect(today.cacheControl).toBe(`public, max-age=${IMAGE_MAX_AGE.today}`);
    await expectCardPng(today.png);
    // The same day and split is the same picture.
    const again = await getImage(t, `/api/share/daily/${dilemma.day}/image.png`);
    expect(again.png.equals(past.png)).toBe(true);
  });

  it("is a 404 for a day without a dilemma and a 400 for a malformed one, never a 500", async () => {
    const future = dayOf(t.clock.now().getTime() + 2 * DAY_MS);
    const missing = await getImage(t, `/api/share/daily/${future}/image.png`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("not_found");
    expect((await getImage(t, "/api/share/daily/2026-02-31/image.png")).status).toBe(400);
    for (const day of ["0000-01-01", "0000-02-29"]) {
      const noSuchDay = await getImage(t, `/api/share/daily/${day}/image.png`);
      expect(noSuchDay.status, day).toBe(400);
      expect(noSuchDay.text, day).toContain("There is no such day.");
    }
    expect((await getImage(t, "/api/share/daily/0001-01-01/image.png")).status).toBe(404);
    expect((await getImage(t, "/api/share/daily/..%2f..%2fetc/image.png")).status).toBe(400);
  });
});

describe("the page of /daily/<day>", () => {
  it("carries the day's question as og:title and its card as og:image, which renders", async () => {
    const dilemma = await yesterdayWithChoices();
    const page = await t.client().get(`/daily/${dilemma.day}`);
    expect(page.status).toBe(200);
    const escaped = dilemma.dilemma.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    expect(meta(page.text, "og:title")).toBe(escaped);
    const image = meta(page.text, "og:image") ?? "";
    expect(image).toBe(`${t.config.publicUrl}/api/share/daily/${dilemma.day}/image.png`);
    expect(meta(page.text, "og:url")).toBe(`${t.config.publicUrl}/daily/${dilemma.day}`);
    const card = await getImage(t, new URL(image).pathname);
    expect(card.status).toBe(200);
    await expectCardPng(card.png);
  });

  it("keeps the app's own preview for a day without a dilemma or a malformed one", async () => {
    const paths = [
      "/daily/2001-01-01",
      "/daily/not-a-day",
      "/daily/2099-01-01",
      "/daily/0000-01-01",
    ];
    for (const path of paths) {
      const page = await t.client().get(path);
      expect(page.status, path).toBe(200);
      expect(meta(page.text, "og:image"), path).toBe(`${t.config.publicUrl}/og-image.png`);
    }
  });
});
