import type { GroupEvent } from "@eitheror/shared/groups/events";
import type { GroupData } from "@eitheror/shared/groups/schema";
import type {
  ArchivedRound,
  CurrentRound,
  LeaderboardEntry,
  PastRound,
  Reveal,
  RoundSummary,
  UnseenResults,
  Vote,
  VoteBody,
} from "@eitheror/shared/rounds/schema";
import type { Db } from "../src/db/client";
import { createTransactor } from "../src/db/transaction";
import { createGroupsService } from "../src/features/groups/service";
import { createRateLimiter } from "../src/features/rate-limits/service";
import { createRoundsService } from "../src/features/rounds/service";
import { createAccess } from "../src/lib/auth/access";
import { createIdSigner } from "../src/lib/auth/signed-id";
import { createClock } from "../src/lib/clock";
import { createMemoryEventBus } from "../src/lib/live/events";
import { createTestApp, type TestApp, type TestClient } from "./app";
import { createSession, createUser } from "./factories";

export type Player = TestClient & { userId: string; name: string };
type Data<T> = { data: T };

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A signed-up person as an API client with a bearer token: quick to make by the dozen. */
export async function player(
  t: TestApp,
  name: string,
  { http = false, email }: { http?: boolean; email?: string } = {},
): Promise<Player> {
  const user = await createUser(t.db, { name, ...(email ? { email } : {}) });
  const { token } = await createSession(t.db, user.id);
  const client = http ? await t.httpClient() : t.client();
  return Object.assign(client.useBearer(token), { userId: user.id, name });
}

/** A fresh app with three players, Ana, Ben and Cy: the cast of most round tests. */
export async function anaBenAndCy() {
  const t = await createTestApp();
  return {
    t,
    ana: await player(t, "Ana"),
    ben: await player(t, "Ben"),
    cy: await player(t, "Cy"),
  };
}

/** A group made by `admin` that every one of `others` joined; answers its id. */
export async function groupWith(
  admin: Player,
  others: Player[],
  fields: { maxMembers?: number; daysBetweenRounds?: number } = {},
): Promise<string> {
  const body = { name: "Round table", maxMembers: 20, daysBetweenRounds: 2, ...fields };
  const created = await admin.post<Data<{ groupId: string }>>("/api/groups/create", { body });
  if (created.status !== 200) throw new Error(`create failed: ${created.text}`);
  const groupId = created.body.data.groupId;
  for (const other of others) await join(admin, other, groupId);
  return groupId;
}

export async function join(admin: Player, who: Player, groupId: string) {
  const read = await admin.get<Data<{ groupData: GroupData }>>(`/api/groups/${groupId}`);
  const { inviteCode } = read.body.data.groupData;
  const joined = await who.post(`/api/groups/${groupId}/members/add`, { body: { inviteCode } });
  if (joined.status !== 200) throw new Error(`join failed: ${joined.text}`);
}

/** The calls of the rounds contract, as one person makes them. */
export const rounds = {
  start: (by: TestClient, groupId: string) =>
    by.post<Data<{ dilemmaData: CurrentRound }>>(`/api/groups/${groupId}/rounds/start-first-round`),
  current: (by: TestClient, groupId: string) =>
    by.get<Data<{ dilemmaData: CurrentRound }>>(`/api/groups/${groupId}/rounds/current`),
  vote: (by: TestClient, groupId: string, roundId: string, body: VoteBody) =>
    by.post<Data<{ vote: Vote }>>(`/api/groups/${groupId}/rounds/${roundId}/vote`, { body }),
  submit: (by: TestClient, groupId: string, roundId: string) =>
    by.post<Data<{ roundClosed: boolean }>>(
      `/api/groups/${groupId}/rounds/${roundId}/submit-votes`,
    ),
  leaderboard: (by: TestClient, groupId: string) =>
    by.get<Data<{ leaderboardData: LeaderboardEntry[] }>>(`/api/groups/${groupId}/leaderboard`),
  archived: (by: TestClient, groupId: string) =>
    by.get<Data<{ roundsData: PastRound[] }>>(`/api/groups/${groupId}/rounds/archived`),
  round: (by: TestClient, groupId: string, roundId: string) =>
    by.get<Data<{ roundData: ArchivedRound }>>(`/api/groups/${groupId}/rounds/${roundId}`),
  votes: (by: TestClient, groupId: string, roundId: string) =>
    by.get<Data<{ votesData: Vote[] }>>(`/api/groups/${groupId}/rounds/${roundId}/votes`),
  reveal: (by: TestClient, groupId: string) =>
    by.get<Data<{ revealData: Reveal | null }>>(`/api/groups/${groupId}/rounds/reveal`),
  revealSeen: (by: TestClient, groupId: string, roundId: string) =>
    by.put<Data<{ revealSeen: true }>>(`/api/groups/${groupId}/rounds/${roundId}/reveal-seen`),
  ofMine: (by: TestClient) =>
    by.get<Data<{ roundsData: RoundSummary[]; unseenResults: UnseenResults[] }>>(
      "/api/rounds/current",
    ),
};

/** The open round's id, read by `by`; throws when there is none. */
export async function currentRoundId(by: TestClient, groupId: string): Promise<string> {
  const response = await rounds.current(by, groupId);
  if (response.status !== 200) throw new Error(`no current round: ${response.text}`);
  return response.body.data.dilemmaData.roundId;
}

/** `voter` picks for each member (in `choices`, by player) and checks every save went through. */
export async function voteAll(
  voter: Player,
  groupId: string,
  roundId: string,
  choices: [Player, "A" | "B" | null][],
) {
  for (const [member, option] of choices) {
    const body = { selectedFor: member.userId, optionSelected: option };
    const response = await rounds.vote(voter, groupId, roundId, body);
    if (response.status !== 200) throw new Error(`vote failed: ${response.text}`);
  }
}

/** POST /api/test/clock: moves the app's clock and runs every job then due. */
export async function advanceClock(by: TestClient, advanceMs: number) {
  const response = await by.post("/api/test/clock", { body: { advanceMs } });
  if (response.status !== 200) throw new Error(`clock failed: ${response.text}`);
}

/**
 * The rounds service of another app instance on `db` (its own database handle), its
 * clock `advancedMs` on, and the events it publishes: for races between instances.
 */
export function anotherInstance(db: Db, advancedMs: number, name = "instance") {
  const clock = createClock();
  clock.advance(advancedMs);
  const events = createMemoryEventBus({ warn: () => {} });
  const published: { groupId: string; event: GroupEvent }[] = [];
  events.watch(
    (groupId, event) => published.push({ groupId, event }),
    () => {},
  );
  const core = {
    db,
    clock,
    transaction: createTransactor(db, () => {}),
    access: createAccess({ adminEmails: [] }),
    events,
  };
  const limiter = createRateLimiter(core);
  const limits = {
    groupsPerUserPerHour: 1000,
    groupsPerIpPerHour: 1000,
    inviteMissesPerIpPerHour: 1000,
  };
  const groups = createGroupsService(core, { limiter, limits });
  const shareSigner = createIdSigner(name, "round share");
  const service = createRoundsService(core, {
    groups,
    limiter,
    votesPerIpPerHour: 100_000,
    shareSigner,
  });
  return { service, published };
}
