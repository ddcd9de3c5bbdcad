import {
  type CurrentRound,
  MIN_ROUND_MEMBERS,
  ROUND_WRITES_PER_HOUR,
  type RoundSummary,
  roundMessages,
  type Vote,
  type VoteChange,
} from "@eitheror/shared/rounds/schema";
import type { Core } from "../../lib/core";
import { AppError, conflict, invalid, notFound } from "../../lib/errors";
import { publishAfterCommit } from "../../lib/events";
import type { Viewer } from "../../lib/identity";
import type { Unit } from "../../lib/transaction";
import type { GroupsService, MemberGroupId } from "../groups/service";
import type { RateLimiter, RateRule } from "../rate-limits/service";
import { createRoundClosing, type RoundClosing, type RoundHooks } from "./closing";
import {
  dropParticipant,
  findRound,
  holdGroup,
  insertSubmission,
  latestRound,
  listVotes,
  lockRound,
  memberIds,
  type RoundRow,
  submittedIds,
  upsertVote,
} from "./data";
import { createRoundHistory } from "./history";
import { openRoundsOf } from "./history-data";

const HOUR_MS = 60 * 60 * 1000;
const noSuchRound = () => notFound("This round does not exist.");
const roundClosed = () => conflict("round_closed", roundMessages.roundClosed);
const noDilemmaLeft = (status: 404 | 409) =>
  new AppError(status, roundMessages.noDilemmaLeft, { code: "no_dilemma_left" });

/** The open round as `me` sees it: who submitted, and only `me`'s own votes. */
async function currentRoundFor(
  { tx }: Pick<Unit, "tx">,
  groupId: MemberGroupId,
  me: string,
): Promise<CurrentRound> {
  const round = await findRound(tx, groupId, "open");
  if (!round) throw notFound(roundMessages.noRoundYet);
  const members = await memberIds(tx, groupId);
  const submitted = new Set(await submittedIds(tx, round.id));
  const votes = await listVotes(tx, round.id, me);
  return {
    roundId: round.id,
    groupId,
    dilemma: round.dilemma,
    optionA: round.optionA,
    optionB: round.optionB,
    startDate: round.startedAt.toISOString(),
    dueDate: round.dueDate.toISOString(),
    membersSubmissionStatus: Object.fromEntries(members.map((id) => [id, submitted.has(id)])),
    votes: votes.filter((vote) => members.includes(vote.selectedFor)),
  };
}

/** The round `roundId` of the group, locked, still open and not yet due; else the answer why not. */
function openRoundGuard(round: RoundRow | null, groupId: string, now: Date): "overdue" | RoundRow {
  if (!round || round.groupId !== groupId) throw noSuchRound();
  if (round.archivedAt) throw roundClosed();
  return round.dueDate <= now ? "overdue" : round;
}

export interface RoundsOptions {
  groups: GroupsService;
  limiter: RateLimiter;
  /** VOTE_LIMIT_PER_IP: votes and submissions one IP address may save an hour. */
  votesPerIpPerHour: number;
  hooks?: RoundHooks;
}

interface Parts {
  groups: GroupsService;
  closing: RoundClosing;
  /** Counts one vote or submission of `viewer` from `ip`; throws the 429 once either is used up. */
  countWrite: (viewer: Viewer, ip: string) => Promise<void>;
}

/** One counter for votes and submissions: a submit is one more save of the same votes. */
function roundWriteCounter({ limiter, votesPerIpPerHour }: RoundsOptions) {
  const perUser: RateRule = {
    limit: ROUND_WRITES_PER_HOUR,
    windowMs: HOUR_MS,
    message: roundMessages.tooManyVotes,
  };
  const perIp: RateRule = {
    limit: votesPerIpPerHour,
    windowMs: HOUR_MS,
    message: roundMessages.tooManyVotesFromNetwork,
  };
  return async (viewer: Viewer, ip: string) => {
    await limiter.hit(`round-write:user:${viewer.user.id}`, perUser);
    await limiter.hit(`round-write:ip:${ip}`, perIp);
  };
}

/** Closes the round in `unit` if every participant (at least two) has submitted. */
async function closeIfAllSubmitted(closing: RoundClosing, unit: Unit, round: RoundRow) {
  const members = await memberIds(unit.tx, round.groupId);
  const submitted = new Set(await submittedIds(unit.tx, round.id));
  const everyone = members.every((id) => submitted.has(id));
  if (!everyone || members.length < MIN_ROUND_MEMBERS) return false;
  return closing.close(unit, round);
}

/** Starting the first round and reading the open ones. */
function createRoundPlay({ db, transaction, access, events }: Core, { groups, closing }: Parts) {
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
        return currentRoundFor(unit, id, admin.user.id);
      });
    },

    /** 404 without an open round; code no_dilemma_left when the bank has nothing new for the group. */
    async current(viewer: Viewer, groupId: string): Promise<CurrentRound> {
      const { groupId: id, viewer: me } = await groups.memberOf(viewer, groupId);
      await closing.settle([id]);
      if (!(await findRound(db, id, "open")) && (await closing.resume(id)) === "exhausted") {
        throw noDilemmaLeft(404);
      }
      return currentRoundFor({ tx: db }, id, me.user.id);
    },

    async currentOfMine(viewer: Viewer): Promise<RoundSummary[]> {
      const me = access.player(viewer).user.id;
      await closing.settle({ memberId: me });
      const rows = await openRoundsOf(db, me);
      return rows.map((row) => ({ ...row, dueDate: row.dueDate.toISOString() }));
    },
  };
}

/** Records a submission: every participant needs an A or B from the voter first. */
async function submitVotes({ tx }: Unit, round: RoundRow, me: string, now: Date) {
  if ((await submittedIds(tx, round.id)).includes(me)) {
    throw conflict("already_submitted", roundMessages.alreadySubmitted);
  }
  const members = await memberIds(tx, round.groupId);
  const mine = await listVotes(tx, round.id, me);
  const chosen = new Set(mine.filter((v) => v.optionSelected).map((v) => v.selectedFor));
  if (!members.every((member) => chosen.has(member))) {
    const message = roundMessages.votesMissing;
    throw invalid(message, { code: "votes_missing", messages: [message] });
  }
  await insertSubmission(tx, round.id, me, now);
}

/** Voting and submitting. An overdue round is closed first and the answer is round_closed. */
function createVoting(
  { transaction, clock, events }: Core,
  { groups, closing, countWrite }: Parts,
) {
  async function closedBecauseOverdue(groupId: string): Promise<never> {
    await closing.settle([groupId]);
    throw roundClosed();
  }

  return {
    async vote(viewer: Viewer, groupId: string, roundId: string, change: VoteChange, ip: string) {
      const { groupId: id, viewer: me } = await groups.memberOf(viewer, groupId);
      await countWrite(me, ip);
      const { selectedFor, optionSelected, comments } = change;
      const outcome = await transaction(async ({ tx }) => {
        const round = openRoundGuard(await lockRound(tx, { roundId }, "share"), id, clock.now());
        if (round === "overdue") return round;
        if (!(await memberIds(tx, id)).includes(selectedFor)) {
          throw invalid(roundMessages.notAMember);
        }
        if ((await submittedIds(tx, round.id)).includes(me.user.id)) {
          throw conflict("already_submitted", roundMessages.alreadySubmitted);
        }
        const key = { roundId: round.id, selectedBy: me.user.id, selectedFor };
        return upsertVote(tx, key, { optionSelected, comments, updatedAt: clock.now() });
      });
      if (outcome === "overdue") return closedBecauseOverdue(id);
      const { selectedBy, optionSelected: option, comments: text } = outcome;
      return { selectedBy, selectedFor, optionSelected: option, comments: text } satisfies Vote;
    },

    /** Final; the last participant's submit closes the round in the same transaction. */
    async submit(viewer: Viewer, groupId: string, roundId: string, ip: string) {
      const { groupId: id, viewer: me } = await groups.memberOf(viewer, groupId);
      await countWrite(me, ip);
      const outcome = await transaction(async (unit) => {
        await holdGroup(unit.tx, id);
        const locked = await lockRound(unit.tx, { roundId }, "update");
        const round = openRoundGuard(locked, id, clock.now());
        if (round === "overdue") return round;
        await submitVotes(unit, round, me.user.id, clock.now());
        const submitted = {
          type: "member-submitted",
          roundId: round.id,
          userId: me.user.id,
        } as const;
        publishAfterCommit(unit, events, id, submitted);
        return closeIfAllSubmitted(closing, unit, round);
      });
      if (outcome === "overdue") return closedBecauseOverdue(id);
      return { roundClosed: outcome };
    },
  };
}

export function createRoundsService(core: Core, options: RoundsOptions) {
  const { groups } = options;
  const closing = createRoundClosing(core, options.hooks);
  const parts = { groups, closing, countWrite: roundWriteCounter(options) };
  // Leaving or removal drops the person from the open round; the rest may now all have submitted.
  groups.onMemberLeaving(async (unit, groupId, userId) => {
    await holdGroup(unit.tx, groupId);
    const round = await lockRound(unit.tx, { openIn: groupId }, "update");
    if (!round) return;
    await dropParticipant(unit.tx, round.id, userId);
    await closeIfAllSubmitted(closing, unit, round);
  });
  return {
    ...createRoundPlay(core, parts),
    ...createVoting(core, parts),
    ...createRoundHistory(core, { groups, settle: closing.settle }),
    /** Closes every overdue round (the sweeper job); answers how many. */
    sweep: closing.sweep,
  };
}

export type RoundsService = ReturnType<typeof createRoundsService>;
