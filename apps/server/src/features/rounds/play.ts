import {
  type CurrentRound,
  MIN_ROUND_MEMBERS,
  type RoundSummary,
  roundMessages,
  type UnseenResults,
} from "@eitheror/shared/rounds/schema";
import type { Unit } from "../../db/transaction";
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

/** The open round as `me` sees it: who submitted, whether `me` takes part, and only `me`'s own votes. */
async function currentRoundFor(
  { tx }: Pick<Unit, "tx">,
  groupId: MemberGroupId,
  me: string,
): Promise<CurrentRound> {
  const round = await findRound(tx, groupId, "open");
  if (!round) throw roundNotStarted();
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
    votes: unjudged(votes.filter((vote) => members.includes(vote.selectedFor))),
  };
}

/** Starting the first round and reading the open ones. */
export function createRoundPlay(
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
    async current(caller: Caller, groupId: string): Promise<CurrentRound> {
      // A hot read: a session read within the last second will do (decision 0024).
      const viewer = await caller.recentlySignedIn();
      // The member's last read, while nothing changed it.
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
