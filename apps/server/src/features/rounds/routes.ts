import { roundsApi } from "@eitheror/shared/rounds/contract";
import { archivedRoundSchema, type Reveal, voteSchema } from "@eitheror/shared/rounds/schema";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { addOperation, jsonOnce, sharedAnswer } from "../../lib/http/operation";
import type { RoundsService } from "./service";

export const roundsRoutes: FastifyPluginAsync<{ service: RoundsService }> = async (
  app,
  { service },
) => {
  addOperation(app, roundsApi.startFirst, async (request) => {
    const viewer = await request.signedIn();
    return { data: { dilemmaData: await service.play.startFirst(viewer, request.params.id) } };
  });

  const currentAnswer = sharedAnswer(roundsApi.current);
  addOperation(app, roundsApi.current, async (request, reply) => {
    const round = await service.play.current(request.caller, request.params.id);
    return currentAnswer(reply, round, () => ({ data: { dilemmaData: round } }));
  });

  addOperation(app, roundsApi.currentOfMine, async (request) => ({
    data: await service.play.currentOfMine(await request.signedIn()),
  }));

  addOperation(app, roundsApi.vote, async (request) => {
    const { id, roundId } = request.params;
    const vote = await service.voting.vote(request.caller, id, roundId, request.body, request.ip);
    return { data: { vote } };
  });

  addOperation(app, roundsApi.submit, async (request) => {
    const { id, roundId } = request.params;
    return { data: await service.voting.submit(await request.signedIn(), id, roundId, request.ip) };
  });

  sharedReadRoutes(app, service);

  addOperation(app, roundsApi.round, async (request) => {
    const { id, roundId } = request.params;
    return {
      data: { roundData: await service.history.round(await request.signedIn(), id, roundId) },
    };
  });

  // A member's reveal is kept for them a moment: its bytes are made once (decision 0086).
  const revealAnswer = sharedAnswer(roundsApi.reveal);
  addOperation(app, roundsApi.reveal, async (request, reply) => {
    const kept = await service.reveal.reveal(request.caller, request.params.id);
    return revealAnswer.fromJson(reply, kept, () => revealJson(kept.reveal));
  });

  addOperation(app, roundsApi.revealSeen, async (request) => {
    const { id, roundId } = request.params;
    await service.reveal.markSeen(await request.signedIn(), id, roundId);
    return { data: { revealSeen: true as const } };
  });

  // A closed round's votes are one array for all who may read them alike (decision 0083).
  const votesAnswer = sharedAnswer(roundsApi.votes);
  addOperation(app, roundsApi.votes, async (request, reply) => {
    const { id, roundId } = request.params;
    const votesData = await service.history.votes(await request.signedIn(), id, roundId);
    return votesAnswer(reply, votesData, () => ({ data: { votesData: [...votesData] } }));
  });

  addOperation(app, roundsApi.share, async (request) => {
    const { id, roundId } = request.params;
    const roundShare = await service.sharing.share(await request.signedIn(), id, roundId);
    return { data: { roundShare } };
  });
};

/** What every member of a group reads alike, serialised once for all of them (decision 0080). */
function sharedReadRoutes(app: FastifyInstance, service: RoundsService) {
  const leaderboardAnswer = sharedAnswer(roundsApi.leaderboard);
  addOperation(app, roundsApi.leaderboard, async (request, reply) => {
    const viewer = await request.signedIn();
    const leaderboardData = await service.history.leaderboard(viewer, request.params.id);
    return leaderboardAnswer(reply, leaderboardData, () => ({ data: { leaderboardData } }));
  });

  const gridAnswer = sharedAnswer(roundsApi.whoKnowsWhom);
  addOperation(app, roundsApi.whoKnowsWhom, async (request, reply) => {
    const viewer = await request.signedIn();
    const whoKnowsWhomData = await service.whoKnowsWhom.grid(viewer, request.params.id);
    return gridAnswer(reply, whoKnowsWhomData, () => ({ data: { whoKnowsWhomData } }));
  });

  const pastAnswer = sharedAnswer(roundsApi.archived);
  addOperation(app, roundsApi.archived, async (request, reply) => {
    const viewer = await request.signedIn();
    const roundsData = await service.history.archived(viewer, request.params.id);
    return pastAnswer(reply, roundsData, () => ({ data: { roundsData } }));
  });
}

const roundJson = jsonOnce(archivedRoundSchema);
const voteJson = jsonOnce(voteSchema);

/**
 * A reveal's answer from parts each encoded once (decision 0088): the round is the
 * same object in every member's reveal, a member's own pick is in every reveal and
 * a prediction in its author's and its subject's.
 */
function revealJson(reveal: Reveal | null): string {
  if (reveal === null) return '{"data":{"revealData":null}}';
  const votes = reveal.votes.map(voteJson).join(",");
  return `{"data":{"revealData":{"round":${roundJson(reveal.round)},"votes":[${votes}]}}}`;
}
