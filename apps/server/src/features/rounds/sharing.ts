import { roundMessages } from "@eitheror/shared/rounds/schema";
import { podiumOf } from "@eitheror/shared/share/rules";
import { type RoundShare, type RoundTeaser, shareMessages } from "@eitheror/shared/share/schema";
import type { Viewer } from "../../lib/auth/provider";
import type { IdSigner } from "../../lib/auth/signed-id";
import type { Core } from "../../lib/core";
import { AppError, notFound } from "../../lib/http/errors";
import type { GroupAccess } from "../groups/service";
import { findRound } from "./data";
import { findClosedRound, listResults } from "./history-data";

const badLink = () => notFound(shareMessages.roundNotFound);

/**
 * Share cards of closed rounds (decision 0028): a member gets the round's signed
 * link; anyone holding it reads the question and the podium (shown names and
 * points), never a vote or a comment. The signature is the only proof: no table.
 */
export function createRoundSharing(
  { db }: Core,
  {
    groups,
    settle,
    signer,
  }: { groups: GroupAccess; settle: (groupIds: string[]) => Promise<void>; signer: IdSigner },
) {
  /** Whether the viewer (if any) is a member of the group: the teaser sends members on. */
  async function isMember(viewer: Viewer | null, groupId: string): Promise<boolean> {
    if (!viewer) return false;
    try {
      await groups.memberOf(viewer, groupId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return false;
      throw error;
    }
  }

  return {
    /** A member's share of a closed round of their group: refused exactly as the round is. */
    async share(viewer: Viewer, groupId: string, roundId: string): Promise<RoundShare> {
      const { groupId: id, group } = await groups.memberOf(viewer, groupId);
      await settle([id]);
      const round = await findRound(db, id, { roundId });
      if (!round) throw notFound("This round does not exist.");
      if (!round.archivedAt) throw notFound(roundMessages.notArchived);
      return {
        shareId: signer.sign(round.id),
        number: round.number,
        groupName: group.name,
        dilemma: round.dilemma,
        podium: podiumOf(await listResults(db, round.id)),
      };
    },

    /** The round behind a signed link (404 for any other), as anyone may see it. */
    async teaser(shareId: string, viewer: Viewer | null): Promise<RoundTeaser> {
      const roundId = signer.open(shareId);
      if (!roundId) throw badLink();
      const round = await findClosedRound(db, roundId);
      if (!round) throw badLink();
      const results = await listResults(db, round.id);
      return {
        dilemma: round.dilemma,
        optionA: round.optionA,
        optionB: round.optionB,
        podium: podiumOf(results),
        member: (await isMember(viewer, round.groupId))
          ? { groupId: round.groupId, roundId: round.id }
          : null,
      };
    },
  };
}
