import {
  type CurrentRound,
  MIN_ROUND_MEMBERS,
  type RoundSummary,
  roundMessages,
  type UnseenResults,
} from "@eitheror/shared/rounds/schema";
import type { Tx } from "../../db/client";
import type { Caller, Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { AppError, conflict } from "../../lib/http/errors";
import { publishAfterCommit } from "../../lib/live/events";
import type { MemberGroupId } from "../groups/service";
import { findRound, latestRound, listVotes, memberIds, participantIds, submittedIds } from "./data";
import { unjudged } from "./history";
import { openRoundsOf } from "./history-data";
import { unseenResultsOf } from "./reveal";
import type { VotingParts } from "./voting";

const noDilemmaLeft = (status: 404 | 409) =>
  new AppError(status, roundMessages.noDilemmaLeft, { code: "no_dilemma_left" });
/** A group that has played, down to one member: no round until a second joins. */
/** No round was ever started: the group page's Getting Started, said by this answer itself. */
const roundNotStarted = () =>
  new AppError(404, roundMessages.noRoundYet, { code: "round_not_started" });
const waitingForMembers = () =>
  new AppError(404, roundMessages.waitingForMembers, { code: "waiting_for_members" });

/**
 * The open round as every member reads it alike: the round, who takes part and
 * who submitted; `readAt` is when its read began (app clock, ms).
 */
export interface OpenRound {
  /** The group, proven by the read of a member: its participants are members. */
  groupId: MemberGroupId;
  round: NonNullable<Awaited<ReturnType<typeof findRound>>>;
  /** Who takes part: every member but those who left during the round. */
  members: ReadonlySet<string>;
  membersSubmissionStatus: Readonly<Record<string, boolean>>;
  readAt: number;
}

async function openRoundIn(tx: Tx, groupId: MemberGroupId, readAt: number) {
  const round = await findRound(tx, groupId, "open");
  if (!round) return null;
  const participants = await participantIds(tx, round);
  const submitted = new Set(await submittedIds(tx, round.id));
  const membersSubmissionStatus = Object.fromEntries(
    participants.map((id) => [id, submitted.has(id)]),
  );
  const members = new Set(participants);
  return { groupId, round, members, membersSubmissionStatus, readAt } satisfies OpenRound;
}

/** The open round as `me` sees it: who submitted, whether `me` takes part, and only `me`'s own votes. */
async function currentRoundFor(
  tx: Tx,
  { groupId, round, members, membersSubmissionStatus }: OpenRound,
  me: string,
): Promise<CurrentRound> {
  const votes = await listVotes(tx, round.id, me);
  return {
    roundId: round.id,
    groupId,
    dilemma: round.dilemma,
    optionA: round.optionA,
    optionB: round.optionB,
    startDate: round.startedAt.toISOString(),
    dueDate: round.dueDate.toISOString(),
    membersSubmissionStatus,
    isParticipant: members.has(me),
    votes: unjudged(votes.filter((vote) => members.has(vote.selectedFor))),
  };
}

/** The group's open round, read once for all its members (decision 0085). */
function createOpenRounds(
  { db, clock }: Core,
  { closing, shared }: Pick<VotingParts, "closing" | "shared">,
) {
  /**
   * The group's open round, its overdue one closed first and the next started
   * if the last one closed without one. 404 without an open round.
   */
  async function read(groupId: MemberGroupId): Promise<OpenRound> {
    const readAt = clock.now().getTime();
    await closing.settle([groupId]);
    const open = await openRoundIn(db, groupId, readAt);
    if (open) return open;
    const resumed = await closing.resume(groupId);
    if (resumed === "exhausted") throw noDilemmaLeft(404);
    if (resumed === "waiting") throw waitingForMembers();
    return (await openRoundIn(db, groupId, readAt)) ?? Promise.reject(roundNotStarted());
  }

  return {
    /** As kept for the group, if it may still be served; reads nothing. */
    kept: (groupId: string) => shared.kept<OpenRound>(groupId, "open-round"),
    /** Kept, it may have passed its due date since: then it is read again, which closes it. */
    async of(groupId: MemberGroupId): Promise<OpenRound> {
      const kept = await shared.through(groupId, "open-round", () => read(groupId));
      return kept.round.dueDate > clock.now() ? kept : read(groupId);
    },
  };
}

/** Starting the first round and reading the open ones. */
export function createRoundPlay(core: Core, parts: VotingParts) {
  const { db, transaction, access, events, clock } = core;
  const { groups, closing, reads } = parts;
  const openRounds = createOpenRounds(core, parts);

  return {
    async startFirst(viewer: Viewer, groupId: string): Promise<CurrentRound> {
      const { groupId: id, viewer: admin } = await groups.adminOf(viewer, groupId);
      return transaction(async (unit) => {
        if (await latestRound(unit.tx, id)) {
          throw conflict("round_already_started", roundMessages.alreadyStarted);
        }
        if ((await memberIds(unit.tx, id)).length < MIN_ROUND_MEMBERS) {
          throw conflict("not_enough_members", roundMessages.notEnoughMembers);
        }
        const round = await closing.startRound(unit, id, 1);
        if (round === "exhausted") throw noDilemmaLeft(409);
        if (!round) throw conflict("round_already_started", roundMessages.alreadyStarted);
        publishAfterCommit(unit, events, id, { type: "round-started", roundId: round.id });
        const open = await openRoundIn(unit.tx, id, clock.now().getTime());
        if (!open) throw roundNotStarted();
        return currentRoundFor(unit.tx, open, admin.user.id);
      });
    },

    /**
     * 404 without an open round: code no_dilemma_left when the bank has nothing
     * new for the group, waiting_for_members when it has played and is down to one.
     */
    async current(caller: Caller, groupId: string): Promise<CurrentRound> {
      // A hot read: a session read within the last second will do (decision 0024).
      const viewer = await caller.recentlySignedIn();
      // The member's last read, while nothing changed it.
      const kept = reads.get(groupId, viewer.user.id);
      if (kept) return kept;
      const start = reads.begin();
      const me = viewer.user.id;
      // A participant of the group's kept open round is a member: that read is no older
      // than a member's kept one, which is served without asking either.
      const known = openRounds.kept(groupId);
      const id = known?.members.has(me)
        ? known.groupId
        : (await groups.memberOf(viewer, groupId)).groupId;
      const open = await openRounds.of(id);
      const round = await currentRoundFor(db, open, me);
      // Served no longer than the shared read it is made of may be.
      return reads.keep(groupId, me, round, { ...start, at: Math.min(start.at, open.readAt) });
    },

    /** Home's rounds: each group's open round, and the groups whose results the caller has not seen. */
    async currentOfMine(
      viewer: Viewer,
    ): Promise<{ roundsData: RoundSummary[]; unseenResults: UnseenResults[] }> {
      const me = access.player(viewer).user.id;
      await closing.settle({ memberId: me });
      const rows = await openRoundsOf(db, me);
      return {
        roundsData: rows.map((row) => ({ ...row, dueDate: row.dueDate.toISOString() })),
        unseenResults: await unseenResultsOf(db, me),
      };
    },
  };
}
