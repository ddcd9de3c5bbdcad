import { describe, expect, it } from "vitest";
import { createPacer, createRequestWatch, PACING, paced, pacingOf } from "./paced";

describe("paced", () => {
  it("runs batches until one says there is nothing more", async () => {
    let batches = 0;
    await paced(async () => ++batches < 5, { pacing: { REST_PER_WORK: 0, BUDGET_MS: 60_000 } });
    expect(batches).toBe(5);
  });

  it("stops once its budget is spent, however much is left", async () => {
    let time = 0;
    let batches = 0;
    await paced(
      async () => {
        batches++;
        time += 10;
        return true;
      },
      { now: () => time, pacing: { REST_PER_WORK: 0, BUDGET_MS: 25 } },
    );
    expect(batches).toBe(3);
  });

  it("rests after a batch as long as the batch took, times REST_PER_WORK", async () => {
    const marks: number[] = [];
    let batches = 0;
    await paced(
      async () => {
        marks.push(performance.now());
        await new Promise((resolve) => setTimeout(resolve, 40));
        marks.push(performance.now());
        return ++batches < 2;
      },
      { pacing: { REST_PER_WORK: 1.5, BUDGET_MS: 60_000 } },
    );
    const [, firstEnd = 0, secondStart = 0] = marks;
    // The first batch took about 40 ms: the second started no sooner than 60 ms after it ended.
    expect(secondStart - firstEnd).toBeGreaterThanOrEqual(55);
  });

  it("with a shared pacer, two jobs' batches take turns, each resting after the other's", async () => {
    const pacing = { REST_PER_WORK: 1, BUDGET_MS: 60_000 };
    const pacer = createPacer({ pacing });
    const spans: { job: string; start: number; end: number }[] = [];
    const job = (name: string) => {
      let batches = 0;
      return paced(
        async () => {
          const start = performance.now();
          await new Promise((resolve) => setTimeout(resolve, 30));
          spans.push({ job: name, start, end: performance.now() });
          return ++batches < 3;
        },
        { pacing, pacer },
      );
    };
    await Promise.all([job("sweep"), job("mail")]);
    spans.sort((a, b) => a.start - b.start);
    expect(spans).toHaveLength(6);
    expect(new Set(spans.map((span) => span.job)).size).toBe(2);
    // No two batches at once, and each waits out the rest of the one before, whichever job's.
    for (let at = 1; at < spans.length; at++) {
      const before = spans[at - 1] as (typeof spans)[number];
      const span = spans[at] as (typeof spans)[number];
      expect(span.start - before.end).toBeGreaterThanOrEqual((before.end - before.start) * 0.9);
    }
  });

  it("gives due work its turns before a batch that can wait", async () => {
    const pacing = { REST_PER_WORK: 0, BUDGET_MS: 60_000 };
    const pacer = createPacer({ pacing });
    const order: string[] = [];
    const batch = (name: string) => async () => {
      order.push(name);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return false;
    };
    await Promise.all([
      pacer.turn(batch("sweep 1")),
      pacer.turn(batch("mail"), { later: true }),
      pacer.turn(batch("sweep 2")),
    ]);
    expect(order).toEqual(["sweep 1", "sweep 2", "mail"]);
  });

  it("rests only after a batch during which a request came in (decision 0095)", async () => {
    const requests = createRequestWatch();
    const pacer = createPacer({ pacing: { REST_PER_WORK: 1.5, BUDGET_MS: 60_000 }, requests });
    const spans: { start: number; end: number }[] = [];
    let batches = 0;
    await paced(
      async () => {
        const start = performance.now();
        // The second batch hears a request, as the app's onRequest hook would say it.
        if (batches === 1) setTimeout(() => requests.began(), 10);
        await new Promise((resolve) => setTimeout(resolve, 40));
        spans.push({ start, end: performance.now() });
        return ++batches < 3;
      },
      { pacer },
    );
    const [first, second, third] = spans as [
      (typeof spans)[0],
      (typeof spans)[0],
      (typeof spans)[0],
    ];
    // Nobody asked during the first: the second follows at once.
    expect(second.start - first.end).toBeLessThan(30);
    // A request came in during the second: the third waits 1.5 times its 40 ms.
    expect(third.start - second.end).toBeGreaterThanOrEqual(55);
  });
});

describe("pacing by engine (decision 0097)", () => {
  const requestsShare = ({ REST_PER_WORK }: typeof PACING) => REST_PER_WORK / (1 + REST_PER_WORK);

  it("leaves the requests at least 70 % of the thread PGlite shares with them", () => {
    expect(requestsShare(pacingOf("pglite"))).toBeGreaterThanOrEqual(0.7);
  });

  it("keeps PostgreSQL's batches to the general pacing: their time is mostly the server's", () => {
    expect(pacingOf("postgres")).toBe(PACING);
  });
});
