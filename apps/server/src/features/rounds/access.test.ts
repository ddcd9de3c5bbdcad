// Every rounds route × every kind of caller, with the one answer each must get.
import { roundsApi } from "@eitheror/shared/rounds/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Caller,
  clientFor,
  expectProductAdmin,
  matrixTally,
  type Person,
  PRODUCT_ADMIN_EMAIL,
} from "../../../test/access-matrix";
import { roundsAccess } from "../../../test/access-rows";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  currentRoundId,
  groupWith,
  type Player,
  player,
  rounds,
  voteAll,
} from "../../../test/rounds";

let t: TestApp;
let people: Record<Person, Player>;

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
const tally = matrixTally("rounds");
afterAll(() => tally.report());

/**
 * A fresh group: the admin, a member, and a member who was removed. With a
 * history, its first round closed (both submitted) and the second is open.
 */
async function freshGroup(history: boolean) {
  const { admin, member, removed } = people;
  const groupId = await groupWith(admin, [member, removed]);
  await admin.post(`/api/groups/${groupId}/members/${removed.userId}/remove`);
  if (!history) return { groupId, closed: "", open: "" };
  const closed = (await rounds.start(admin, groupId)).body.data.dilemmaData.roundId;
  for (const voter of [admin, member]) {
    await voteAll(voter, groupId, closed, [
      [admin, "A"],
      [member, "B"],
    ]);
    await rounds.submit(voter, groupId, closed);
  }
  return { groupId, closed, open: await currentRoundId(admin, groupId) };
}

type Route = { method: "GET" | "POST" | "PUT"; url: string; body?: object; history?: boolean };
type Ids = { groupId: string; closed: string; open: string };
const routes = {
  startFirst: ({ groupId }: Ids): Route => ({
    method: "POST",
    url: `/api/groups/${groupId}/rounds/start-first-round`,
    history: false,
  }),
  current: ({ groupId }: Ids): Route => ({
    method: "GET",
    url: `/api/groups/${groupId}/rounds/current`,
  }),
  currentOfMine: (): Route => ({ method: "GET", url: "/api/rounds/current" }),
  vote: ({ groupId, open }: Ids): Route => ({
    method: "POST",
    url: `/api/groups/${groupId}/rounds/${open}/vote`,
    body: { selectedFor: people.admin.userId, optionSelected: "A", comments: "hi" },
  }),
  submit: ({ groupId, open }: Ids): Route => ({
    method: "POST",
    url: `/api/groups/${groupId}/rounds/${open}/submit-votes`,
  }),
  leaderboard: ({ groupId }: Ids): Route => ({
    method: "GET",
    url: `/api/groups/${groupId}/leaderboard`,
  }),
  whoKnowsWhom: ({ groupId }: Ids): Route => ({
    method: "GET",
    url: `/api/groups/${groupId}/who-knows-whom`,
  }),
  archived: ({ groupId }: Ids): Route => ({
    method: "GET",
    url: `/api/groups/${groupId}/rounds/archived`,
  }),
  round: ({ groupId, closed }: Ids): Route => ({
    method: "GET",
    url: `/api/groups/${groupId}/rounds/${closed}`,
  }),
  reveal: ({ groupId }: Ids): Route => ({
    method: "GET",
    url: `/api/groups/${groupId}/rounds/reveal`,
  }),
  revealSeen: ({ groupId, closed }: Ids): Route => ({
    method: "PUT",
    url: `/api/groups/${groupId}/rounds/${closed}/reveal-seen`,
  }),
  votes: ({ groupId, closed }: Ids): Route => ({
    method: "GET",
    url: `/api/groups/${groupId}/rounds/${closed}/votes`,
  }),
  share: ({ groupId, closed }: Ids): Route => ({
    method: "GET",
    url: `/api/groups/${groupId}/rounds/${closed}/share`,
  }),
} satisfies Record<keyof typeof roundsApi, (ids: Ids) => Route>;

const expected = roundsAccess;

describe("who may call which rounds route", () => {
  it("covers every operation of the rounds contract", () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(roundsApi).sort());
  });

  it.each(Object.keys(expected) as (keyof typeof routes)[])("%s", async (route) => {
    const seen: Record<string, number> = {};
    const wantsHistory = routes[route]({ groupId: "", closed: "", open: "" }).history ?? true;
    for (const caller of Object.keys(expected[route]) as Caller[]) {
      const { method, url, body } = routes[route](await freshGroup(wantsHistory));
      const response = await (await clientFor(t, people, caller)).request(method, url, { body });
      seen[caller] = response.status;
      tally.count(expected[route][caller], response.status);
    }
    expect(seen).toEqual(expected[route]);
  });
});
