import { defineOperation } from "../api/contract";
import { groupParamsSchema } from "../groups/schema";
import { roundShareResponseSchema } from "../share/schema";
import { whoKnowsWhomResponseSchema } from "../who-knows-whom/schema";
import {
  archivedRoundResponseSchema,
  currentRoundResponseSchema,
  leaderboardResponseSchema,
  pastRoundsResponseSchema,
  revealResponseSchema,
  revealSeenResponseSchema,
  roundParamsSchema,
  roundSummariesResponseSchema,
  submitResponseSchema,
  voteBodySchema,
  voteResponseSchema,
  votesResponseSchema,
} from "./schema";

const tags = ["rounds"];

export const roundsApi = {
  startFirst: defineOperation({
    method: "POST",
    path: "/groups/:id/rounds/start-first-round",
    summary: "Start the group's first round (its admin; at least 2 members)",
    tags,
    params: groupParamsSchema,
    response: currentRoundResponseSchema,
  }),
  current: defineOperation({
    method: "GET",
    path: "/groups/:id/rounds/current",
    summary: "The open round: who submitted, and the caller's own votes (404: no round)",
    tags,
    params: groupParamsSchema,
    response: currentRoundResponseSchema,
  }),
  currentOfMine: defineOperation({
    method: "GET",
    path: "/rounds/current",
    summary: "The open round of each of the caller's groups, for the home cards",
    tags,
    response: roundSummariesResponseSchema,
  }),
  vote: defineOperation({
    method: "POST",
    path: "/groups/:id/rounds/:roundId/vote",
    summary: "Save one vote of the caller's (a choice, a comment, or both) until they submit",
    tags,
    params: roundParamsSchema,
    body: voteBodySchema,
    response: voteResponseSchema,
  }),
  submit: defineOperation({
    method: "POST",
    path: "/groups/:id/rounds/:roundId/submit-votes",
    summary: "Submit the caller's votes, once and for good; the last submit closes the round",
    tags,
    params: roundParamsSchema,
    response: submitResponseSchema,
  }),
  leaderboard: defineOperation({
    method: "GET",
    path: "/groups/:id/leaderboard",
    summary: "Current members by points over the closed rounds; ties share a rank",
    tags,
    params: groupParamsSchema,
    response: leaderboardResponseSchema,
  }),
  whoKnowsWhom: defineOperation({
    method: "GET",
    path: "/groups/:id/who-knows-whom",
    summary: "How often each current member predicted each other right over the closed rounds",
    tags,
    params: groupParamsSchema,
    response: whoKnowsWhomResponseSchema,
  }),
  archived: defineOperation({
    method: "GET",
    path: "/groups/:id/rounds/archived",
    summary: "The group's closed rounds, newest first",
    tags,
    params: groupParamsSchema,
    response: pastRoundsResponseSchema,
  }),
  round: defineOperation({
    method: "GET",
    path: "/groups/:id/rounds/:roundId",
    summary: "One closed round with each participant's submission and points",
    tags,
    params: roundParamsSchema,
    response: archivedRoundResponseSchema,
  }),
  reveal: defineOperation({
    method: "GET",
    path: "/groups/:id/rounds/reveal",
    summary:
      "The newest closed round the caller played and has not seen revealed, with its votes (null: nothing to reveal)",
    tags,
    params: groupParamsSchema,
    response: revealResponseSchema,
  }),
  revealSeen: defineOperation({
    method: "PUT",
    path: "/groups/:id/rounds/:roundId/reveal-seen",
    summary:
      "The caller has seen (or skipped) this closed round's reveal: it shows no more, on any device",
    tags,
    params: roundParamsSchema,
    response: revealSeenResponseSchema,
  }),
  votes: defineOperation({
    method: "GET",
    path: "/groups/:id/rounds/:roundId/votes",
    summary: "A closed round's votes; of the open round, the caller's own only",
    tags,
    params: roundParamsSchema,
    response: votesResponseSchema,
  }),
  share: defineOperation({
    method: "GET",
    path: "/groups/:id/rounds/:roundId/share",
    summary:
      "A closed round's signed share link and the share text's parts, for a member (decision 0028)",
    tags,
    params: roundParamsSchema,
    response: roundShareResponseSchema,
  }),
};
