import { type ErrorEnvelope, errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import {
  type GroupData,
  type GroupSummary,
  groupMessages,
  type Invitation,
} from "@eitheror/shared/groups/schema";
import { fieldMessages } from "@eitheror/shared/validation/messages";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/app";
import { createSession, createUser } from "../../../test/factories";
import { groupMembers, groups } from "../../db/schema";

let t: TestApp;
let admin: TestClient & { userId: string };
let friend: TestClient & { userId: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn("group-admin@example.test", { name: "Ada" });
  friend = await t.signIn("group-friend@example.test", { name: "Ben" });
});
afterAll(() => t?.close());

const fields = { name: "Friday Club", maxMembers: 8, daysBetweenRounds: 2 };
type Data<T> = { data: T };

async function createGroup(by: TestClient = admin, body: object = fields) {
  const response = await by.post<Data<{ groupId: string }>>("/api/groups/create", { body });
  expect(response.status).toBe(200);
  return response.body.data.groupId;
}

async function readGroup(groupId: string, by: TestClient = admin) {
  const response = await by.get<Data<{ groupData: GroupData }>>(`/api/groups/${groupId}`);
  expect(response.status).toBe(200);
  return response.body.data.groupData;
}

async function join(client: TestClient, groupId: string, inviteCode?: string) {
  const code = inviteCode ?? (await readGroup(groupId)).inviteCode;
  return client.post<ErrorEnvelope>(`/api/groups/${groupId}/members/add`, {
    body: { inviteCode: code },
  });
}

/** A signed-up person as an API client with a bearer token: quick to make by the dozen. */
async function player(name: string, { http = false } = {}) {
  const user = await createUser(t.db, { name });
  const { token } = await createSession(t.db, user.id);
  const client = http ? await t.httpClient() : t.client();
  return Object.assign(client.useBearer(token), { userId: user.id });
}

async function rowsOf(groupId: string) {
  const [group] = await t.db.select({ n: count() }).from(groups).where(eq(groups.id, groupId));
  const [members] = await t.db
    .select({ n: count() })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return { groups: group?.n ?? 0, members: members?.n ?? 0 };
}

describe("creating a group", () => {
  it("makes the creator its one admin and first member", async () => {
    const groupId = await createGroup();
    const group = await readGroup(groupId);
    expect(group).toMatchObject({ id: groupId, ...fields, admin: admin.userId });
    expect(group.members).toEqual([
      { id: admin.userId, displayName: "Ada", photoURL: null, admin: true },
    ]);
    expect(group.inviteCode).toMatch(/^[\w-]{22}$/);
  });

  it("trims the name and strips control characters", async () => {
    const groupId = await createGroup(admin, { ...fields, name: "  Lunch\u0007 crew\n " });
    expect((await readGroup(groupId)).name).toBe("Lunch crew");
  });

  it.each([
    ["no name", { name: "" }, fieldMessages.required],
    ["a name of control characters only", { name: "\u0001\u0002 " }, fieldMessages.required],
    ["a 51-character name", { name: "x".repeat(51) }, fieldMessages.maxLength(50)],
    ["max members 1", { maxMembers: 1 }, fieldMessages.minValue(2)],
    ["max members 101", { maxMembers: 101 }, fieldMessages.maxValue(100)],
    ["max members 2.5", { maxMembers: 2.5 }, "Max members must be a whole number."],
    ["max members as text", { maxMembers: "ten" }, "Max members must be a number."],
    ["no max members", { maxMembers: undefined }, fieldMessages.required],
    ["0 days between rounds", { daysBetweenRounds: 0 }, fieldMessages.minValue(1)],
    ["8 days between rounds", { daysBetweenRounds: 8 }, fieldMessages.maxValue(7)],
    [
      "1.5 days between rounds",
      { daysBetweenRounds: 1.5 },
      "Days between rounds must be a whole number.",
    ],
  ])("refuses %s with the field's message, and creates nothing", async (_, change, message) => {
    const [before] = await t.db.select({ n: count() }).from(groups);
    const response = await admin.post<ErrorEnvelope>("/api/groups/create", {
      body: { ...fields, ...change },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.messages).toEqual([message]);
    const [after] = await t.db.select({ n: count() }).from(groups);
    expect(after?.n).toBe(before?.n);
  });
});

describe("reading groups", () => {
  it("lists the caller's groups only, with their member counts", async () => {
    const groupId = await createGroup();
    await join(friend, groupId);
    const mine = await admin.get<Data<{ groupsData: GroupSummary[] }>>("/api/groups");
    expect(mine.body.data.groupsData.find((group) => group.id === groupId)).toEqual({
      id: groupId,
      name: fields.name,
      maxMembers: 8,
      memberCount: 2,
      daysBetweenRounds: 2,
      admin: admin.userId,
    });
    const stranger = await player("Cy");
    const theirs = await stranger.get<Data<{ groupsData: GroupSummary[] }>>("/api/groups");
    expect(theirs.body.data.groupsData).toEqual([]);
  });

  it("lists the admin first, then members in the order they joined", async () => {
    const groupId = await createGroup();
    const cy = await player("Cy");
    await join(cy, groupId);
    await join(friend, groupId);
    const { members } = await readGroup(groupId, friend);
    expect(members.map((member) => [member.displayName, member.admin])).toEqual([
      ["Ada", true],
      ["Cy", false],
      ["Ben", false],
    ]);
  });
});

describe("editing a group", () => {
  it("saves the admin's changes", async () => {
    const groupId = await createGroup();
    const change = { name: "Renamed", maxMembers: 4, daysBetweenRounds: 7 };
    const response = await admin.put<Data<{ groupData: GroupData }>>(`/api/groups/${groupId}`, {
      body: change,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.groupData).toMatchObject(change);
    expect(await readGroup(groupId)).toMatchObject(change);
  });

  it("never lets max members go below today's member count", async () => {
    const groupId = await createGroup();
    await join(friend, groupId);
    await join(await player("Cy"), groupId);
    const response = await admin.put<ErrorEnvelope>(`/api/groups/${groupId}`, {
      body: { ...fields, maxMembers: 2 },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "max_below_members",
      message: groupMessages.maxBelowMembers(3),
    });
    expect((await readGroup(groupId)).maxMembers).toBe(8);
  });
});

describe("deleting a group", () => {
  it("leaves no row of the group behind", async () => {
    const groupId = await createGroup();
    await join(friend, groupId);
    expect(await rowsOf(groupId)).toEqual({ groups: 1, members: 2 });
    expect((await admin.request("DELETE", `/api/groups/${groupId}`)).status).toBe(200);
    expect(await rowsOf(groupId)).toEqual({ groups: 0, members: 0 });
    expect((await admin.get(`/api/groups/${groupId}`)).status).toBe(404);
  });
});

describe("invitations", () => {
  it("shows a guest the group's name, its members with the admin first, and whether it is full", async () => {
    const groupId = await createGroup(admin, { ...fields, maxMembers: 2 });
    const { inviteCode } = await readGroup(groupId);
    const guest = await t.anonymous();
    const open = await guest.get<Data<{ groupData: Invitation }>>(
      `/api/groups/invite/${inviteCode}`,
    );
    expect(open.status).toBe(200);
    expect(open.body.data.groupData).toEqual({
      id: groupId,
      name: fields.name,
      members: [{ id: admin.userId, displayName: "Ada", photoURL: null, admin: true }],
      memberCount: 1,
      maxMembers: 2,
      isFull: false,
      isMember: false,
      wasRemoved: false,
    });
    await join(friend, groupId);
    const full = await guest.get<Data<{ groupData: Invitation }>>(
      `/api/groups/invite/${inviteCode}`,
    );
    expect(full.body.data.groupData).toMatchObject({ memberCount: 2, isFull: true });
    const asMember = await friend.get<Data<{ groupData: Invitation }>>(
      `/api/groups/invite/${inviteCode}`,
    );
    expect(asMember.body.data.groupData.isMember).toBe(true);
  });

  it("answers 404 for an unknown code, and 401 without a session", async () => {
    expect((await (await t.anonymous()).get("/api/groups/invite/nope")).status).toBe(404);
    const groupId = await createGroup();
    const { inviteCode } = await readGroup(groupId);
    expect((await t.client().get(`/api/groups/invite/${inviteCode}`)).status).toBe(401);
  });

  it("stops working once the admin resets the code; the new one works", async () => {
    const groupId = await createGroup();
    const { inviteCode: old } = await readGroup(groupId);
    const reset = await admin.post<Data<{ inviteCode: string }>>(
      `/api/groups/${groupId}/invite-code/reset`,
    );
    expect(reset.status).toBe(200);
    const fresh = reset.body.data.inviteCode;
    expect(fresh).not.toBe(old);
    // The group read just before is not served again: the admin's page shows the new link.
    expect((await readGroup(groupId)).inviteCode).toBe(fresh);
    const guest = await t.anonymous();
    expect((await guest.get(`/api/groups/invite/${old}`)).status).toBe(404);
    expect((await join(friend, groupId, old)).status).toBe(404);
    expect((await guest.get(`/api/groups/invite/${fresh}`)).status).toBe(200);
    expect((await join(friend, groupId, fresh)).status).toBe(200);
  });
});

describe("joining", () => {
  it("is harmless twice", async () => {
    const groupId = await createGroup();
    expect((await join(friend, groupId)).status).toBe(200);
    expect((await join(friend, groupId)).status).toBe(200);
    expect((await rowsOf(groupId)).members).toBe(2);
  });

  it("refuses a full group with 409 and the product's message", async () => {
    const groupId = await createGroup(admin, { ...fields, maxMembers: 2 });
    await join(friend, groupId);
    const late = await join(await player("Cy"), groupId);
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({ code: "group_full", message: groupMessages.groupFull });
  });

  it("is for people who finished signing up: 403 for a guest, 401 without a session", async () => {
    const groupId = await createGroup();
    const { inviteCode } = await readGroup(groupId);
    expect((await join(await t.anonymous(), groupId, inviteCode)).status).toBe(403);
    expect((await join(t.client(), groupId, inviteCode)).status).toBe(401);
    const unnamed = await t.signIn("no-name-yet@example.test", { name: null });
    const refused = await join(unnamed, groupId, inviteCode);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("display_name_missing");
    expect((await rowsOf(groupId)).members).toBe(1);
  });

  it("lets exactly 3 of 25 people racing for 3 places in, and refuses the rest", async () => {
    const groupId = await createGroup(admin, { ...fields, maxMembers: 5 });
    await join(friend, groupId);
    const { inviteCode } = await readGroup(groupId);
    const racers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => player(`Racer ${i}`, { http: true })),
    );
    // Real HTTP, so the joins really overlap in the server and the database.
    const answers = await Promise.all(racers.map((racer) => join(racer, groupId, inviteCode)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(22);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(errorEnvelopeSchema.parse(answer.body).error.message).toBe(groupMessages.groupFull);
    }
    expect((await rowsOf(groupId)).members).toBe(5);
  }, 60_000);
});

describe("leaving and removal", () => {
  it("lets a member leave, after which the group is closed to them", async () => {
    const groupId = await createGroup();
    await join(friend, groupId);
    expect((await friend.post(`/api/groups/${groupId}/members/leave`)).status).toBe(200);
    expect((await friend.get(`/api/groups/${groupId}`)).status).toBe(404);
    expect((await readGroup(groupId)).members).toHaveLength(1);
  });

  it("does not let the admin leave", async () => {
    const groupId = await createGroup();
    const response = await admin.post<ErrorEnvelope>(`/api/groups/${groupId}/members/leave`);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("admin_cannot_leave");
  });

  it("lets the admin remove anyone but themself", async () => {
    const groupId = await createGroup();
    await join(friend, groupId);
    const remove = (id: string) =>
      admin.post<ErrorEnvelope>(`/api/groups/${groupId}/members/${id}/remove`);
    expect((await remove(friend.userId)).status).toBe(200);
    expect((await friend.get(`/api/groups/${groupId}`)).status).toBe(404);
    expect((await remove(friend.userId)).status).toBe(404);
    expect((await remove(admin.userId)).status).toBe(409);
  });

  it("lets someone who left back with the same link, and someone removed only with a new one", async () => {
    const groupId = await createGroup();
    const { inviteCode } = await readGroup(groupId);
    const cy = await player("Cy");
    await join(friend, groupId);
    await join(cy, groupId);
    const invitationFor = async (client: TestClient, code = inviteCode) =>
      (await client.get<Data<{ groupData: Invitation }>>(`/api/groups/invite/${code}`)).body.data
        .groupData;

    expect((await cy.post(`/api/groups/${groupId}/members/leave`)).status).toBe(200);
    expect(await invitationFor(cy)).toMatchObject({ isMember: false, wasRemoved: false });
    expect((await join(cy, groupId, inviteCode)).status).toBe(200);

    expect(
      (await admin.post(`/api/groups/${groupId}/members/${friend.userId}/remove`)).status,
    ).toBe(200);
    expect(await invitationFor(friend)).toMatchObject({ isMember: false, wasRemoved: true });
    expect(await invitationFor(cy)).toMatchObject({ isMember: true, wasRemoved: false });
    const refused = await join(friend, groupId, inviteCode);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: "removed_from_group",
      message: groupMessages.removedFromGroup,
    });
    expect((await rowsOf(groupId)).members).toBe(2);

    const reset = await admin.post<Data<{ inviteCode: string }>>(
      `/api/groups/${groupId}/invite-code/reset`,
    );
    const fresh = reset.body.data.inviteCode;
    expect(await invitationFor(friend, fresh)).toMatchObject({ wasRemoved: false });
    expect((await join(friend, groupId, fresh)).status).toBe(200);
    expect((await rowsOf(groupId)).members).toBe(3);
  });
});
