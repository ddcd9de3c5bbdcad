// Every groups route × every kind of caller, with the one answer each must get.
import { groupsApi } from "@eitheror/shared/groups/contract";
import type { GroupData } from "@eitheror/shared/groups/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Caller,
  clientFor,
  expectProductAdmin,
  matrixTally,
  type Person,
  PRODUCT_ADMIN_EMAIL,
} from "../../../test/access-matrix";
import { groupsAccess } from "../../../test/access-rows";
import { createTestApp, type TestApp, type TestClient } from "../../../test/app";

let t: TestApp;
let people: Record<Person, TestClient & { userId: string }>;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: PRODUCT_ADMIN_EMAIL } });
  const signIn = (name: string) => t.signIn(`${name.toLowerCase()}-access@example.test`, { name });
  people = {
    stranger: await signIn("Stranger"),
    member: await signIn("Member"),
    removed: await signIn("Removed"),
    admin: await signIn("Admin"),
    otherAdmin: await signIn("Other"),
    productAdmin: await t.signIn(PRODUCT_ADMIN_EMAIL, { name: "Boss" }),
  };
  await expectProductAdmin(people.productAdmin);
  await people.otherAdmin.post("/api/groups/create", {
    body: { name: "Another group", maxMembers: 5, daysBetweenRounds: 1 },
  });
});
afterAll(() => t?.close());
const tally = matrixTally("groups");
afterAll(() => tally.report());

/** A fresh group per call: the admin, a member, and a member who was removed. */
async function freshGroup() {
  const created = await people.admin.post<{ data: { groupId: string } }>("/api/groups/create", {
    body: { name: "Matrix", maxMembers: 10, daysBetweenRounds: 3 },
  });
  const groupId = created.body.data.groupId;
  const read = await people.admin.get<{ data: { groupData: GroupData } }>(`/api/groups/${groupId}`);
  const { inviteCode } = read.body.data.groupData;
  for (const who of [people.member, people.removed]) {
    await who.post(`/api/groups/${groupId}/members/add`, { body: { inviteCode } });
  }
  await people.admin.post(`/api/groups/${groupId}/members/${people.removed.userId}/remove`);
  return { groupId, inviteCode };
}

const fields = { name: "Edited", maxMembers: 9, daysBetweenRounds: 2 };
const routes = {
  create: () => ({ method: "POST", url: "/api/groups/create", body: fields }),
  list: () => ({ method: "GET", url: "/api/groups" }),
  get: (g: string) => ({ method: "GET", url: `/api/groups/${g}` }),
  update: (g: string) => ({ method: "PUT", url: `/api/groups/${g}`, body: fields }),
  remove: (g: string) => ({ method: "DELETE", url: `/api/groups/${g}` }),
  invitation: (_g: string, code: string) => ({ method: "GET", url: `/api/groups/invite/${code}` }),
  join: (g: string, code: string) => ({
    method: "POST",
    url: `/api/groups/${g}/members/add`,
    body: { inviteCode: code },
  }),
  leave: (g: string) => ({ method: "POST", url: `/api/groups/${g}/members/leave` }),
  removeMember: (g: string) => ({
    method: "POST",
    url: `/api/groups/${g}/members/${people.member.userId}/remove`,
  }),
  resetInviteCode: (g: string) => ({ method: "POST", url: `/api/groups/${g}/invite-code/reset` }),
  events: (g: string) => ({ method: "GET", url: `/api/groups/${g}/events` }),
} satisfies Record<keyof typeof groupsApi, (g: string, code: string) => object>;

const expected = groupsAccess;

describe("who may call which groups route", () => {
  it("covers every operation of the groups contract", () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(groupsApi).sort());
  });

  it.each(Object.keys(expected) as (keyof typeof routes)[])("%s", async (route) => {
    const seen: Record<string, number> = {};
    for (const caller of Object.keys(expected[route]) as Caller[]) {
      const { groupId, inviteCode } = await freshGroup();
      const { method, url, body } = routes[route](groupId, inviteCode) as {
        method: "GET" | "POST" | "PUT" | "DELETE";
        url: string;
        body?: object;
      };
      const response = await (await clientFor(t, people, caller)).request(method, url, { body });
      seen[caller] = response.status;
      tally.count(expected[route][caller], response.status);
    }
    expect(seen).toEqual(expected[route]);
  });
});
