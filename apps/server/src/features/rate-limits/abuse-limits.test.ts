// The limits of groups and rounds (docs/decisions/0018-abuse-limits.md): each
// refuses the call after its allowance with a 429, saves nothing of it, and opens again an hour later.
import { randomBytes } from "node:crypto";
import { errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import type { GroupData } from "@eitheror/shared/groups/schema";
import { groupMessages } from "@eitheror/shared/groups/schema";
import { ROUND_WRITES_PER_HOUR, roundMessages } from "@eitheror/shared/rounds/schema";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestResponse } from "../../../test/app";
import { createSession } from "../../../test/factories";
import { advanceClock, type Player, player, rounds } from "../../../test/rounds";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { groupMembers, groups, roundSubmissions, votes } from "../../db/schema";

const HOUR_MS = 60 * 60 * 1000;
const LIMITS = {
  GROUP_LIMIT_PER_USER: 10,
  GROUP_LIMIT_PER_IP: 3,
  INVITE_MISS_LIMIT_PER_IP: 4,
  VOTE_LIMIT_PER_IP: 5,
};
/** The per-user invite allowance is not configurable: INVITE_MISSES_PER_HOUR. */
const INVITE_MISSES_PER_USER = 10;

let t: TestApp;
beforeAll(async () => {
  const env = Object.fromEntries(Object.entries(LIMITS).map(([k, v]) => [k, String(v)]));
  t = await createTestApp({ env });
});
afterAll(() => t?.close());

let ipCounter = 0;
/** A network of its own, so no test uses up another's per-IP allowance. */
const freshIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

type Data<T> = { data: T };
const fields = { name: "Limits club", maxMembers: 20, daysBetweenRounds: 2 };

const createGroup = (by: Player, ip: string) =>
  by.post<Data<{ groupId: string }>>("/api/groups/create", { body: fields, remoteAddress: ip });
const join = (by: Player, groupId: string, inviteCode: string, ip: string) =>
  by.post(`/api/groups/${groupId}/members/add`, { body: { inviteCode }, remoteAddress: ip });
const lookUp = (by: Player, code: string, ip: string) =>
  by.get(`/api/groups/invite/${code}`, { remoteAddress: ip });
const wrongCode = () => randomBytes(16).toString("base64url");

/** The refusal every limit answers: 429, a wait within the hour, the envelope with its message. */
function expectRefused(response: TestResponse<unknown>, message: string) {
  expect(response.status).toBe(429);
  const wait = Number(response.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(3600);
  const envelope = errorEnvelopeSchema.parse(response.body);
  expect(envelope.error).toEqual({ code: "rate_limited", message });
}

async function groupsOf(userId: string) {
  const [row] = await t.db.select({ n: count() }).from(groups).where(eq(groups.adminId, userId));
  return row?.n ?? 0;
}

async function isMember(groupId: string, userId: string) {
  const where = and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId));
  return (await t.db.select().from(groupMembers).where(where)).length > 0;
}

async function inviteCodeOf(by: Player, groupId: string) {
  const read = await by.get<Data<{ groupData: GroupData }>>(`/api/groups/${groupId}`);
  return read.body.data.groupData.inviteCode;
}

/** A group of `admin` that `others` joined, each call from a network of its own. */
async function groupWith(admin: Player, others: Player[]) {
  const created = await createGroup(admin, freshIp());
  if (created.status !== 200) throw new Error(`create failed: ${created.text}`);
  const { groupId } = created.body.data;
  const inviteCode = await inviteCodeOf(admin, groupId);
  for (const other of others) await join(other, groupId, inviteCode, freshIp());
  return groupId;
}

describe("creating groups", () => {
  it("allows a person 10 an hour, from any network, then 429 until the hour is over", async () => {
    const maker = await player(t, "Maker");
    for (let i = 0; i < LIMITS.GROUP_LIMIT_PER_USER; i++) {
      expect((await createGroup(maker, freshIp())).status).toBe(200);
    }
    expectRefused(await createGroup(maker, freshIp()), groupMessages.tooManyGroups);
    expect(await groupsOf(maker.userId)).toBe(LIMITS.GROUP_LIMIT_PER_USER);
    await advanceClock(maker, HOUR_MS + 60_000);
    expect((await createGroup(maker, freshIp())).status).toBe(200);
  });

  it("allows one network GROUP_LIMIT_PER_IP an hour, whoever creates them", async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.GROUP_LIMIT_PER_IP; i++) {
      expect((await createGroup(await player(t, `Neighbour ${i}`), ip)).status).toBe(200);
    }
    const late = await player(t, "Late neighbour");
    expectRefused(await createGroup(late, ip), groupMessages.tooManyGroupsFromNetwork);
    expect(await groupsOf(late.userId)).toBe(0);
    expect((await createGroup(late, freshIp())).status).toBe(200);
    await advanceClock(late, HOUR_MS + 60_000);
    expect((await createGroup(await player(t, "Next hour"), ip)).status).toBe(200);
  });
});

describe("guessing invite codes", () => {
  it("counts a person's wrong codes, lookups and joins together; then even the right code is refused", async () => {
    const owner = await player(t, "Owner");
    const guesser = await player(t, "Guesser");
    const groupId = await groupWith(owner, []);
    const inviteCode = await inviteCodeOf(owner, groupId);
    for (let i = 0; i < INVITE_MISSES_PER_USER; i++) {
      const miss =
        i % 2
          ? lookUp(guesser, wrongCode(), freshIp())
          : join(guesser, groupId, wrongCode(), freshIp());
      expect((await miss).status).toBe(404);
    }
    expectRefused(
      await join(guesser, groupId, inviteCode, freshIp()),
      groupMessages.tooManyInviteMisses,
    );
    expectRefused(await lookUp(guesser, inviteCode, freshIp()), groupMessages.tooManyInviteMisses);
    expect(await isMember(groupId, guesser.userId)).toBe(false);
    await advanceClock(guesser, HOUR_MS + 60_000);
    expect((await join(guesser, groupId, inviteCode, freshIp())).status).toBe(200);
    expect(await isMember(groupId, guesser.userId)).toBe(true);
  });

  it("holds under many guesses at once: exactly the allowance gets an answer", async () => {
    const guesser = await player(t, "Hasty guesser");
    const tries = INVITE_MISSES_PER_USER * 3;
    const answers = await Promise.all(
      Array.from({ length: tries }, () => lookUp(guesser, wrongCode(), freshIp())),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(INVITE_MISSES_PER_USER);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      tries - INVITE_MISSES_PER_USER,
    );
  });

  it("never counts a good link: friends join and look as often as they like", async () => {
    const owner = await player(t, "Host");
    const groupId = await groupWith(owner, []);
    const inviteCode = await inviteCodeOf(owner, groupId);
    const ip = freshIp();
    for (let i = 0; i < LIMITS.INVITE_MISS_LIMIT_PER_IP * 3; i++) {
      const friend = await player(t, `Friend ${i}`);
      expect((await lookUp(friend, inviteCode, ip)).status).toBe(200);
      expect((await join(friend, groupId, inviteCode, ip)).status).toBe(200);
    }
  });

  it("allows one network INVITE_MISS_LIMIT_PER_IP wrong codes an hour, whoever tries them", async () => {
    const owner = await player(t, "Keeper");
    const groupId = await groupWith(owner, []);
    const inviteCode = await inviteCodeOf(owner, groupId);
    const ip = freshIp();
    for (let i = 0; i < LIMITS.INVITE_MISS_LIMIT_PER_IP; i++) {
      const guesser = await player(t, `Guesser ${i}`);
      expect((await join(guesser, groupId, wrongCode(), ip)).status).toBe(404);
    }
    const late = await player(t, "Late guesser");
    const refused = await join(late, groupId, inviteCode, ip);
    expectRefused(refused, groupMessages.tooManyInviteMissesFromNetwork);
    expect(await isMember(groupId, late.userId)).toBe(false);
    await advanceClock(late, HOUR_MS + 60_000);
    expect((await join(late, groupId, inviteCode, ip)).status).toBe(200);
  });
});

describe("votes and submissions", () => {
  async function openRound() {
    const admin = await player(t, "Round admin");
    const friend = await player(t, "Round friend");
    const groupId = await groupWith(admin, [friend]);
    const started = await rounds.start(admin, groupId);
    return { admin, friend, groupId, roundId: started.body.data.dilemmaData.roundId };
  }
  const vote = (by: Player, groupId: string, roundId: string, body: object, ip: string) =>
    by.post(`/api/groups/${groupId}/rounds/${roundId}/vote`, { body, remoteAddress: ip });
  const submit = (by: Player, groupId: string, roundId: string, ip: string) =>
    by.post(`/api/groups/${groupId}/rounds/${roundId}/submit-votes`, { remoteAddress: ip });

  async function storedVote(roundId: string, by: string, forWhom: string) {
    const where = and(
      eq(votes.roundId, roundId),
      eq(votes.selectedBy, by),
      eq(votes.selectedFor, forWhom),
    );
    const [row] = await t.db.select().from(votes).where(where);
    return row;
  }

  it("allows a person ROUND_WRITES_PER_HOUR saves an hour, submits included", async () => {
    const { admin, friend, groupId, roundId } = await openRound();
    for (let i = 0; i < ROUND_WRITES_PER_HOUR; i++) {
      const body = { selectedFor: friend.userId, optionSelected: "A", comments: `take ${i}` };
      expect((await vote(admin, groupId, roundId, body, freshIp())).status).toBe(200);
    }
    const last = { selectedFor: friend.userId, optionSelected: "B", comments: "one too many" };
    expectRefused(await vote(admin, groupId, roundId, last, freshIp()), roundMessages.tooManyVotes);
    expectRefused(await submit(admin, groupId, roundId, freshIp()), roundMessages.tooManyVotes);
    expect(await storedVote(roundId, admin.userId, friend.userId)).toMatchObject({
      optionSelected: "A",
      comments: `take ${ROUND_WRITES_PER_HOUR - 1}`,
    });
    expect((await vote(friend, groupId, roundId, last, freshIp())).status).toBe(200);
    await advanceClock(admin, HOUR_MS + 60_000);
    expect((await vote(admin, groupId, roundId, last, freshIp())).status).toBe(200);
  }, 120_000);

  it("allows exactly ROUND_WRITES_PER_HOUR of a person's saves sent all at once (hits counted ahead, decision 0034)", async () => {
    const { admin, friend, groupId, roundId } = await openRound();
    const extra = 25;
    const answers = await Promise.all(
      Array.from({ length: ROUND_WRITES_PER_HOUR + extra }, (_, i) => {
        const body = { selectedFor: friend.userId, optionSelected: i % 2 ? "A" : "B" };
        return vote(admin, groupId, roundId, body, freshIp());
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(ROUND_WRITES_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
  }, 120_000);

  it("counts nothing for a caller who may not vote: an outsider's tries are refused as such, never 429", async () => {
    const { friend, groupId, roundId } = await openRound();
    const outsider = await player(t, "Outsider");
    const body = { selectedFor: friend.userId, optionSelected: "A" };
    const ip = freshIp();
    const statuses = new Set<number>();
    for (let i = 0; i < ROUND_WRITES_PER_HOUR + 10; i++) {
      statuses.add((await vote(outsider, groupId, roundId, body, i % 2 ? ip : freshIp())).status);
    }
    expect([...statuses]).toEqual([404]);
    expect((await vote(friend, groupId, roundId, body, ip)).status).toBe(200);
  }, 120_000);

  it("allows one network VOTE_LIMIT_PER_IP saves an hour, and the refused submit is not recorded", async () => {
    const { admin, friend, groupId, roundId } = await openRound();
    const ip = freshIp();
    for (let i = 0; i < LIMITS.VOTE_LIMIT_PER_IP - 1; i++) {
      const body = { selectedFor: i % 2 ? admin.userId : friend.userId, optionSelected: "A" };
      expect((await vote(admin, groupId, roundId, body, ip)).status).toBe(200);
    }
    const body = { selectedFor: friend.userId, optionSelected: "B" };
    expect((await vote(friend, groupId, roundId, body, ip)).status).toBe(200);
    expectRefused(await submit(admin, groupId, roundId, ip), roundMessages.tooManyVotesFromNetwork);
    const submitted = await t.db
      .select()
      .from(roundSubmissions)
      .where(eq(roundSubmissions.roundId, roundId));
    expect(submitted).toEqual([]);
    await advanceClock(admin, HOUR_MS + 60_000);
    expect((await submit(admin, groupId, roundId, ip)).status).toBe(200);
  });
});

describe("two app instances on one database", () => {
  let other: Database;
  beforeAll(async () => {
    other = await t.database.openAnother();
  });
  afterAll(() => other?.close());

  it("share a person's vote allowance: together never more, each refusing at most a fiftieth early", async () => {
    const second = await buildApp({ config: t.config, database: other, clock: t.clock });
    try {
      const admin = await player(t, "Two-app voter");
      const friend = await player(t, "Two-app friend");
      const groupId = await groupWith(admin, [friend]);
      const started = await rounds.start(admin, groupId);
      const { roundId } = started.body.data.dilemmaData;
      const { token } = await createSession(t.db, admin.userId);
      const url = `/api/groups/${groupId}/rounds/${roundId}/vote`;
      const body = { selectedFor: friend.userId, optionSelected: "A" };
      const onSecond = async () => {
        const answer = await second.inject({
          method: "POST",
          url,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          payload: JSON.stringify(body),
          remoteAddress: freshIp(),
        });
        return answer.statusCode;
      };
      const onFirst = async () =>
        (await admin.post(url, { body, remoteAddress: freshIp() })).status;
      const statuses: number[] = [];
      for (let i = 0; i < ROUND_WRITES_PER_HOUR + 20; i++) {
        statuses.push(await (i % 2 ? onSecond() : onFirst()));
      }
      const allowed = statuses.filter((status) => status === 200).length;
      // Each app may hold hits it counted ahead, up to a fiftieth of the limit.
      expect(allowed).toBeLessThanOrEqual(ROUND_WRITES_PER_HOUR);
      expect(allowed).toBeGreaterThanOrEqual(ROUND_WRITES_PER_HOUR - ROUND_WRITES_PER_HOUR / 50);
    } finally {
      await second.close();
    }
  }, 120_000);

  it("share one count: what one instance allowed, the other does not allow again", async () => {
    const second = await buildApp({ config: t.config, database: other, clock: t.clock });
    try {
      const ip = freshIp();
      for (let i = 0; i < LIMITS.GROUP_LIMIT_PER_IP - 1; i++) {
        expect((await createGroup(await player(t, `First app ${i}`), ip)).status).toBe(200);
      }
      const onSecond = async (name: string) => {
        const someone = await player(t, name);
        const { token } = await createSession(t.db, someone.userId);
        return second.inject({
          method: "POST",
          url: "/api/groups/create",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          payload: JSON.stringify(fields),
          remoteAddress: ip,
        });
      };
      expect((await onSecond("Second app, last place")).statusCode).toBe(200);
      const refused = await onSecond("Second app, one too many");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: "rate_limited", message: groupMessages.tooManyGroupsFromNetwork },
      });
      const fromFirst = await createGroup(await player(t, "Back on the first"), ip);
      expectRefused(fromFirst, groupMessages.tooManyGroupsFromNetwork);
    } finally {
      await second.close();
    }
  });
});
