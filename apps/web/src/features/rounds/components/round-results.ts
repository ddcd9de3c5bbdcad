import type { ArchivedRound, MemberStat, Option, Vote } from "@eitheror/shared/rounds/schema";

/**
 * What a closed round's screens show, read from the server's answer as it is:
 * right and wrong, points, read-right counts and ranks come from the server
 * (docs/game-rules.md#points); nothing here scores anything.
 */
export type ClosedRoundMember = ArchivedRound["members"][number];

export const memberNameOf = (member: { displayName: string | null } | undefined) =>
  member?.displayName ?? "Former member";

/** Each member's own pick, when they submitted (a draft of someone who did not is never here). */
export function ownPicks(round: ArchivedRound, votes: Vote[]): Map<string, Option> {
  const picks = new Map<string, Option>();
  for (const vote of votes) {
    if (vote.selectedBy !== vote.selectedFor || !vote.optionSelected) continue;
    if (round.memberStats[vote.selectedBy]?.isSubmitted)
      picks.set(vote.selectedBy, vote.optionSelected);
  }
  return picks;
}

/** One member's prediction about another, from a submitted ballot. */
export const predictionOf = (votes: Vote[], by: string, about: string) =>
  votes.find((vote) => vote.selectedBy === by && vote.selectedFor === about);

/**
 * Every prediction by who made it, then about whom, read in one pass: the grid's
 * members × members cells each find theirs at once (a `predictionOf` per cell
 * read all the votes each time: 50 million comparisons at 100 members).
 */
export function predictionsBy(votes: Vote[]): Map<string, Map<string, Vote>> {
  const by = new Map<string, Map<string, Vote>>();
  for (const vote of votes) {
    const about = by.get(vote.selectedBy) ?? new Map<string, Vote>();
    about.set(vote.selectedFor, vote);
    by.set(vote.selectedBy, about);
  }
  return by;
}

export interface RankedMember {
  member: ClosedRoundMember;
  stat: MemberStat;
  rank: number;
  score: number;
}

/** The leaderboard just after the round closed: current members only, by rank, then name. */
export function rankingAfter(round: ArchivedRound): RankedMember[] {
  return round.members
    .flatMap((member) => {
      const stat = round.memberStats[member.id];
      if (!stat || stat.rankAfter === null || stat.scoreAfter === null) return [];
      return [{ member, stat, rank: stat.rankAfter, score: stat.scoreAfter }];
    })
    .sort(
      (a, b) => a.rank - b.rank || memberNameOf(a.member).localeCompare(memberNameOf(b.member)),
    );
}

/** The others whose prediction about `memberId` came true. */
export function readRightBy(round: ArchivedRound, votes: Vote[], memberId: string) {
  const right = new Set(
    votes
      .filter((vote) => vote.selectedFor === memberId && vote.selectedBy !== memberId)
      .filter((vote) => vote.isRight === true)
      .map((vote) => vote.selectedBy),
  );
  return round.members.filter((member) => right.has(member.id));
}
