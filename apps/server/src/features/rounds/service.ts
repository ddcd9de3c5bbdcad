import {
  type CurrentRound,
  MIN_ROUND_MEMBERS,
  type RoundSummary,
  roundMessages,
} from "@eitheror/shared/rounds/schema";
import type { Core } from "../../lib/core";
import { AppError, conflict, notFound } from "../../lib/errors";
import { publishAfterCommit } from "../../lib/events";
import type { Viewer } from "../../lib/identity";
import type { IdSigner } from "../../lib/signed-id";
import type { Unit } from "../../lib/transaction";
import type { GroupsService, MemberGroupId } from "../groups/service";
import type { RateLimiter } from "../rate-limits/service";
import { createRoundClosing, type RoundHooks } from "./closing";
import { createCurrentCache } from "./current-cache";
import {
  addSitOut,
  dropParticipant,
  findRound,
  holdGroup,
  latestRound,
  listVotes,
  lockRound,
  memberIds,
  participantIds,
  submittedIds,
} from "./data";
import { createRoundHistory } from "./history";
import { openRoundsOf } from "./history-data";
import { createRoundInsights } from "./insights";
import { createRoundSharing } from "./sharing";
import {
  closeIfAllSubmitted,
  createVoting,
  roundWriteHits,
  type VotingParts,
  voteBatcher,
} from "./voting";

export type { Caller } from "./voting";

const noDilemmaLeft = (status: 404 | 409) =>
  new AppError(status, roundMessages.noDilemmaLeft, { code: "no_dilemma_left" });
/** A group that has played, down to one member: no round until a second joins. */
const waitingForMembers = () =>
  new AppError(404, roundMessages.waitingForMembers, { code: "waiting_for_members" });

/** The open round as `me` sees it: who submitted, whether `me` takes part, and only `me`'s own votes. */
async function currentRoundFor(
  { tx }: Pick<Unit, "tx">,
  groupId: MemberGroupId,
  me: string,
): Promise<CurrentRound> {
  const round = await findRound(tx, groupId, "open");
  if (!round) throw notFound(roundMessages.noRoundYet);
  const members = await participantIds(tx, round);
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
    isParticipant: members.includes(me),
    votes: votes.filter((vote) => members.includes(vote.selectedFor)),
  };
}

export interface RoundsOptions {
  groups: GroupsService;
  limiter: RateLimiter;
  /** VOTE_LIMIT_PER_IP: votes and submissions one IP address may save an hour. */
  votesPerIpPerHour: number;
  hooks?: RoundHooks;
  /** Signs the share links of closed rounds (decision 0028). */
  shareSigner: IdSigner;
}

/** Starting the first round and reading the open ones. */
function createRoundPlay(
  { db, transaction, access, events }: Core,
  { groups, closing, reads }: VotingParts,
) {
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

    /**
     * 404 without an open round: code no_dilemma_left when the bank has nothing
     * new for the group, waiting_for_members when it has played and is down to one.
     */
    async current(viewer: Viewer, groupId: string): Promise<CurrentRound> {
      // The member's last read, while nothing changed it (decision 0024).
      const kept = reads.get(groupId, viewer.user.id);
      if (kept) return kept;
      const start = reads.begin();
      const { groupId: id, viewer: me } = await groups.memberOf(viewer, groupId);
      await closing.settle([id]);
      if (!(await findRound(db, id, "open"))) {
        const resumed = await closing.resume(id);
        if (resumed === "exhausted") throw noDilemmaLeft(404);
        if (resumed === "waiting") throw waitingForMembers();
      }
      const round = await currentRoundFor({ tx: db }, id, me.user.id);
      return reads.keep(groupId, me.user.id, round, start);
    },

    async currentOfMine(viewer: Viewer): Promise<RoundSummary[]> {
      const me = access.player(viewer).user.id;
      await closing.settle({ memberId: me });
      const rows = await openRoundsOf(db, me);
      return rows.map((row) => ({ ...row, dueDate: row.dueDate.toISOString() }));
    },
  };
}

export function createRoundsService(core: Core, options: RoundsOptions) {
  const { groups } = options;
  const closing = createRoundClosing(core, options.hooks);
  const reads = createCurrentCache(core.clock, core.events);
  const parts = {
    votes: voteBatcher(core),
    groups,
    closing,
    limiter: options.limiter,
    reads,
    writeHits: roundWriteHits(options),
  };
  // Leaving or removal drops the person from the open round for good (they sit
  // the rest of it out, even if they come back); the rest may now all have submitted.
  groups.onMemberLeaving(async (unit, groupId, userId) => {
    await holdGroup(unit.tx, groupId);
    const round = await lockRound(unit.tx, { openIn: groupId }, "update");
    if (!round) return;
    await dropParticipant(unit.tx, round.id, userId);
    await addSitOut(unit.tx, round.id, userId, core.clock.now());
    await closeIfAllSubmitted(closing, unit, round);
  });
  // A group that played and waited with one member starts its next round as a second joins.
  groups.onMemberJoined(async (unit, groupId) => {
    await closing.resumeIn(unit, groupId);
  });
  return {
    ...createRoundPlay(core, parts),
    ...createVoting(core, parts),
    ...createRoundHistory(core, { groups, settle: closing.settle }),
    ...createRoundSharing(core, { groups, settle: closing.settle, signer: options.shareSigner }),
    ...createRoundInsights(core, { groups, settle: closing.settle }),
    /** Closes every overdue round (the sweeper job); answers how many. */
    sweep: closing.sweep,
    /** Resolves once every vote received so far is written (shutdown). */
    settleVotes: () => parts.votes.settle(),
  };
}

export type RoundsService = ReturnType<typeof createRoundsService>;
