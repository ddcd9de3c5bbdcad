import type { proposalsApi } from "@eitheror/shared/dilemmas/proposals-contract";
import type { groupsApi } from "@eitheror/shared/groups/contract";
import type { roundsApi } from "@eitheror/shared/rounds/contract";
import { type Caller, row } from "./access-matrix";

/**
 * The authorization matrices' rows: what each kind of caller gets from each
 * operation. The groups and rounds access tests try them; the authorization
 * coverage test checks that every signed-in route has a row somewhere.
 *
 * A product admin has no power inside a group they are not in: their column is
 * the stranger's.
 */

//                 signedOut guest stranger member removed admin otherAdmin productAdmin
export const groupsAccess: Record<keyof typeof groupsApi, Record<Caller, number>> = {
  create: row(401, 403, 200, 200, 200, 200, 200, 200),
  list: row(401, 403, 200, 200, 200, 200, 200, 200),
  get: row(401, 403, 404, 200, 404, 200, 404, 404),
  update: row(401, 403, 404, 403, 404, 200, 404, 404),
  remove: row(401, 403, 404, 403, 404, 200, 404, 404),
  invitation: row(401, 200, 200, 200, 200, 200, 200, 200),
  // Removed: the link of the moment no longer lets them in, until the admin resets it.
  join: row(401, 403, 200, 200, 403, 200, 200, 200),
  leave: row(401, 403, 404, 200, 404, 409, 404, 404),
  removeMember: row(401, 403, 404, 403, 404, 200, 404, 404),
  resetInviteCode: row(401, 403, 404, 403, 404, 200, 404, 404),
  // A member's stream answers 200 and starts; the suites stop reading at once.
  events: row(401, 403, 404, 200, 404, 200, 404, 404),
};

//                 signedOut guest stranger member removed admin otherAdmin productAdmin
export const roundsAccess: Record<keyof typeof roundsApi, Record<Caller, number>> = {
  startFirst: row(401, 403, 404, 403, 404, 200, 404, 404),
  current: row(401, 403, 404, 200, 404, 200, 404, 404),
  currentOfMine: row(401, 403, 200, 200, 200, 200, 200, 200),
  vote: row(401, 403, 404, 200, 404, 200, 404, 404),
  // Without a vote for everyone: the member and the admin get the missing-votes 400.
  submit: row(401, 403, 404, 400, 404, 400, 404, 404),
  leaderboard: row(401, 403, 404, 200, 404, 200, 404, 404),
  whoKnowsWhom: row(401, 403, 404, 200, 404, 200, 404, 404),
  archived: row(401, 403, 404, 200, 404, 200, 404, 404),
  round: row(401, 403, 404, 200, 404, 200, 404, 404),
  votes: row(401, 403, 404, 200, 404, 200, 404, 404),
  reveal: row(401, 403, 404, 200, 404, 200, 404, 404),
  // Marking a closed round's reveal seen: refused to whoever may not read the round.
  revealSeen: row(401, 403, 404, 200, 404, 200, 404, 404),
  // A closed round's share link: members only, refused as the round itself is.
  share: row(401, 403, 404, 200, 404, 200, 404, 404),
};

//                 signedOut guest stranger member removed admin otherAdmin productAdmin
export const proposalsAccess: Record<keyof typeof proposalsApi, Record<Caller, number>> = {
  propose: row(401, 403, 404, 200, 404, 200, 404, 404),
  list: row(401, 403, 404, 200, 404, 200, 404, 404),
  // A pending proposal of the group: only its admin decides.
  approve: row(401, 403, 404, 403, 404, 200, 404, 404),
  reject: row(401, 403, 404, 403, 404, 200, 404, 404),
};

/** The group routes of moderation (decision 0077); the queue's are the product admin's. */
//                 signedOut guest stranger member removed admin otherAdmin productAdmin
export const groupModerationAccess = {
  // A closed round's dilemma: any member may report it.
  report: row(401, 403, 404, 200, 404, 200, 404, 404),
  // A comment of a closed round: only the group's admin hides it.
  hideComment: row(401, 403, 404, 403, 404, 200, 404, 404),
} satisfies Record<string, Record<Caller, number>>;
