// Every group route of proposals and moderation × every kind of caller, with
// the one answer each must get (decision 0077).
import { proposalsApi } from "@eitheror/shared/dilemmas/proposals-contract";
import { moderationApi } from "@eitheror/shared/moderation/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Caller,
  clientFor,
  expectProductAdmin,
  matrixTally,
  type Person,
  PRODUCT_ADMIN_EMAIL,
} from "../../../test/access-matrix";
import { groupModerationAccess, proposalsAccess } from "../../../test/access-rows";
import { createTestApp, type TestApp } from "../../../test/app";
import { groupWith, type Player, player, rounds } from "../../../test/rounds";
import { dilemmas } from "../../db/schema";

let t: TestApp;
let people: Record<Person, Player>;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: PRODUCT_ADMIN_EMAIL } });
  people = {
    stranger: await player(t, "Stranger"),
    member: await player(t, "Member"),
    removed: await player(t, "Removed"),
    admin: await player(t, "Admin"),
    otherAdmin: await player(t, "Other"),
    productAdmin: await player(t, "Boss", { email: PRODUCT_ADMIN_EMAIL }),
  };
  await expectProductAdmin(people.productAdmin);
  await groupWith(people.otherAdmin, [people.stranger]);
});
afterAll(() => t?.close());
const tally = matrixTally("proposals and moderation");
afterAll(() => tally.report());

/**
 * A fresh group: the admin, a member (who commented on the admin), and a
 * removed member; its first round closed; a pending proposal of the member's.
 */
async function freshGroup() {
  const { admin, member, removed } = people;
  const groupId = await groupWith(admin, [member, removed]);
  await admin.post(`/api/groups/${groupId}/members/${removed.userId}/remove`);
  const roundId = (await rounds.start(admin, groupId)).body.data.dilemmaData.roundId;
  for (const voter of [admin, member]) {
    await rounds.vote(voter, groupId, roundId, {
      selectedFor: admin.userId,
      optionSelected: "A",
      comments: "a comment",
    });
    await rounds.vote(voter, groupId, roundId, { selectedFor: member.userId, optionSelected: "B" });
    await rounds.submit(voter, groupId, roundId);
  }
  counter += 1;
  // Written as the route would, past the member's daily allowance of the many groups made here.
  const [proposed] = await t.db
    .insert(dilemmas)
    .values({
      dilemma: `Matrix question ${counter}?`,
      optionA: "A",
      optionB: "B",
      dedupeKey: `${groupId}:matrix question ${counter}`,
      source: "group",
      groupId,
      proposedBy: member.userId,
      status: "pending",
    })
    .returning({ id: dilemmas.id });
  return { groupId, roundId, proposalId: proposed?.id ?? "" };
}

type Ids = Awaited<ReturnType<typeof freshGroup>>;
type Route = { method: "GET" | "POST"; url: string; body?: object };
const proposalRoutes = {
  propose: ({ groupId }: Ids): Route => ({
    method: "POST",
    url: `/api/groups/${groupId}/dilemmas/proposals`,
    body: { dilemma: `Another matrix question ${++counter}?`, optionA: "A", optionB: "B" },
  }),
  list: ({ groupId }: Ids): Route => ({
    method: "GET",
    url: `/api/groups/${groupId}/dilemmas/proposals`,
  }),
  approve: ({ groupId, proposalId }: Ids): Route => ({
    method: "POST",
    url: `/api/groups/${groupId}/dilemmas/proposals/${proposalId}/approve`,
  }),
  reject: ({ groupId, proposalId }: Ids): Route => ({
    method: "POST",
    url: `/api/groups/${groupId}/dilemmas/proposals/${proposalId}/reject`,
  }),
} satisfies Record<keyof typeof proposalsApi, (ids: Ids) => Route>;
const moderationRoutes = {
  report: ({ groupId, roundId }: Ids): Route => ({
    method: "POST",
    url: `/api/groups/${groupId}/rounds/${roundId}/reports`,
    body: { target: "dilemma", reason: "Rude" },
  }),
  hideComment: ({ groupId, roundId }: Ids): Route => ({
    method: "POST",
    url: `/api/groups/${groupId}/rounds/${roundId}/comments/hide`,
    body: { selectedBy: people.member.userId, selectedFor: people.admin.userId },
  }),
} satisfies Record<keyof typeof groupModerationAccess, (ids: Ids) => Route>;

const routes: Record<string, (ids: Ids) => Route> = { ...proposalRoutes, ...moderationRoutes };
const expected: Record<string, Record<Caller, number>> = {
  ...proposalsAccess,
  ...groupModerationAccess,
};

describe("who may call which proposals and moderation route", () => {
  it("covers every operation of the proposals contract and moderation's group routes", () => {
    expect(Object.keys(proposalRoutes).sort()).toEqual(Object.keys(proposalsApi).sort());
    const groupRoutes = Object.entries(moderationApi)
      .filter(([, operation]) => operation.path.startsWith("/groups/"))
      .map(([name]) => name);
    expect(Object.keys(moderationRoutes).sort()).toEqual(groupRoutes.sort());
  });

  it.each(Object.keys(expected))("%s", async (route) => {
    const seen: Record<string, number> = {};
    for (const caller of Object.keys(expected[route] ?? {}) as Caller[]) {
      const make = routes[route];
      if (!make) throw new Error(`no route ${route}`);
      const { method, url, body } = make(await freshGroup());
      const response = await (await clientFor(t, people, caller)).request(method, url, { body });
      seen[caller] = response.status;
      tally.count(expected[route]?.[caller] ?? 0, response.status);
    }
    expect(seen).toEqual(expected[route]);
  });
});
