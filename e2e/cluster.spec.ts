import type { Page, Response } from "@playwright/test";
import { RoundTabs } from "./pages/round-pages";
import { signUp } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { addressFor, createGroup, inviteLinkOf, joinByLink } from "./support/groups";
import { mailsTo } from "./support/mailbox";
import { CLUSTER } from "./support/ports";
import { voteAndSubmit } from "./support/round-api";

const HOUR_MS = 60 * 60 * 1000;
const GROUP = "Cluster Table";
const ANN = "Ann Cluster";
const BEN = "Ben Cluster";
const CY = "Cy Cluster";

/** Which instance answered, as the cluster's nginx says (`127.0.0.1:<port>`). */
const servedBy = (response: Response) => response.headers()["x-served-by"] ?? "";

/** Opens the group page and answers which instance holds its live stream. */
async function openWithStream(tabs: RoundTabs, groupId: string) {
  const stream = tabs.page.waitForResponse((response) =>
    response.url().endsWith(`/api/groups/${groupId}/events`),
  );
  await tabs.open(groupId);
  return servedBy(await stream);
}

/**
 * Opens the page again until its stream is held by another instance than
 * `other`'s. A page's load makes the same calls in the same order each time, so
 * round-robin may hand its stream to the same instance every time: one call more
 * through the proxy in between moves the turn on.
 */
async function streamElsewhere(tabs: RoundTabs, groupId: string, other: string) {
  for (let tries = 0; tries < 10; tries++) {
    if (tries > 0) await tabs.page.request.get("/api/health");
    const on = await openWithStream(tabs, groupId);
    if (on !== other) return on;
  }
  throw new Error(`every stream landed on ${other}`);
}

/**
 * Moves every instance's test clock, each reached on its own port on this machine
 * (the clock refuses anything relayed by the proxy), and runs the jobs then due.
 */
async function advanceEveryClock(page: Page, advanceMs: number) {
  for (const port of CLUSTER.instances) {
    const response = await page.request.post(`http://127.0.0.1:${port}/api/test/clock`, {
      data: { advanceMs },
      headers: { cookie: "XSRF-TOKEN=clock", "x-xsrf-token": "clock" },
    });
    expect(response.status(), `the clock of :${port}`).toBe(200);
  }
}

/** Waits until `count` mails with the subject reached `to`, then a little longer for strays. */
async function expectMails(to: string, subject: string, count: number) {
  await expect.poll(async () => (await mailsTo(to, subject)).length).toBe(count);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await mailsTo(to, subject)).toHaveLength(count);
}

test.describe("the cluster (npm run cluster: nginx in front of two instances)", () => {
  test.describe.configure({ timeout: 600_000 });

  test("three people play a round through the proxy, the instances taking turns", async ({
    page,
    otherBrowserPage: benPage,
    thirdBrowserPage: cyPage,
  }, testInfo) => {
    const [ann, ben, cy] = ["ann", "ben", "cy"].map((who) => addressFor(who, testInfo));
    await Promise.all([
      signUp(page, ann as string, ANN),
      signUp(benPage, ben as string, BEN),
      signUp(cyPage, cy as string, CY),
    ]);
    const groupId = await createGroup(page, GROUP, "5", "2");
    const link = await inviteLinkOf(page, groupId);
    await Promise.all([joinByLink(benPage, link, GROUP), joinByLink(cyPage, link, GROUP)]);
    const [annTabs, benTabs, cyTabs] = [page, benPage, cyPage].map((p) => new RoundTabs(p)) as [
      RoundTabs,
      RoundTabs,
      RoundTabs,
    ];
    await annTabs.open(groupId);
    await annTabs.startFirstRound.click();
    await expect(annTabs.votesDue).toBeVisible();

    // Ben's and Cy's pages follow the group live, their streams on different instances.
    const benStream = await openWithStream(benTabs, groupId);
    const cyStream = await streamElsewhere(cyTabs, groupId, benStream);
    await expect(benPage.getByText("Done (0)")).toBeVisible();
    await expect(cyPage.getByText("Done (0)")).toBeVisible();

    // Ann votes and submits; whichever instance takes her submit, one of the two
    // pages hears of it from the other instance, through PostgreSQL.
    await annTabs.vote(ANN, "A");
    await annTabs.vote(BEN, "B");
    await annTabs.vote(CY, "A");
    const submit = page.waitForResponse((response) => response.url().endsWith("/submit-votes"));
    await annTabs.submit();
    const submittedOn = servedBy(await submit);
    expect([benStream, cyStream].filter((on) => on !== submittedOn)).not.toHaveLength(0);
    await expect(benPage.getByText("Done (1)")).toBeVisible();
    await expect(cyPage.getByText("Done (1)")).toBeVisible();

    // A day on every instance: the reminder goes once to each who has not submitted.
    await advanceEveryClock(page, 25 * HOUR_MS);
    await expectMails(ben as string, "Your votes are due soon", 1);
    await expectMails(cy as string, "Your votes are due soon", 1);
    await expectMails(ann as string, "Your votes are due soon", 0);

    // Ben and Cy vote through the proxy; Cy's is the last submit: the round closes once.
    await voteAndSubmit(benPage, groupId, { [ANN]: "A", [BEN]: "B", [CY]: "A" });
    const last = await voteAndSubmit(cyPage, groupId, { [ANN]: "A", [BEN]: "B", [CY]: "B" });
    expect(last.roundClosed).toBe(true);
    await expect(annTabs.roundOver).toBeVisible();
    await expect(benTabs.roundOver).toBeVisible();
    for (const to of [ann, ben, cy] as string[]) {
      await expectMails(to, "Round complete", 1);
      await expectMails(to, "A new round started", 2);
    }
    await annTabs.open(groupId, "past-rounds");
    await expect(annTabs.pastRounds.getByRole("link")).toHaveCount(1);

    // Each instance's metrics port tells what it served (docs/operations.md).
    const served: number[] = [];
    for (const port of CLUSTER.metrics) {
      const metrics = await (await page.request.get(`http://127.0.0.1:${port}/metrics`)).text();
      served.push(
        [...metrics.matchAll(/^eitheror_http_request_duration_seconds_count\{.*\} (\d+)$/gm)]
          .map((match) => Number(match[1]))
          .reduce((sum, count) => sum + count, 0),
      );
      expect(metrics).toContain("eitheror_http_request_duration_seconds_count{");
      expect(metrics).toMatch(/\neitheror_live_streams \d+\n/);
      expect(metrics).toContain("eitheror_outbox_pending ");
      expect(metrics).toContain('eitheror_job_lag_seconds{job="round-reminders"}');
      expect(metrics).toContain('eitheror_db_pool_connections{state="busy"}');
    }
    const own = await page.request.get("/metrics");
    expect(own.status()).toBe(404);
    console.info(
      `cluster journey: streams on ${benStream} and ${cyStream}, Ann's submit on ${submittedOn}; requests served per instance ${served.join(" / ")}`,
    );
  });
});
