import { figuresOf, viewerFirst } from "@eitheror/shared/who-knows-whom/rules";
import type { WhoKnowsWhom } from "@eitheror/shared/who-knows-whom/schema";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import type { GroupAccess } from "../groups/service";
import { closedRoundCount, membersNow, pairTallies } from "./who-knows-whom-data";

/** What the closed rounds say about the members: who knows whom. */
export function createRoundWhoKnowsWhom(
  { db }: Core,
  { groups, settle }: { groups: GroupAccess; settle: (groupIds: string[]) => Promise<void> },
) {
  return {
    /**
     * The grid of the group's current members (the viewer first) with each
     * one's most predictable and best reader. Members only, refused like the
     * leaderboard; an overdue round is closed first, so it counts.
     */
    async grid(viewer: Viewer, groupId: string): Promise<WhoKnowsWhom> {
      const { groupId: id, viewer: me } = await groups.memberOf(viewer, groupId);
      await settle([id]);
      const members = await membersNow(db, id);
      const cells = await pairTallies(db, id);
      return {
        groupId: id,
        closedRounds: await closedRoundCount(db, id),
        members: viewerFirst(figuresOf(members, cells), me.user.id),
        cells,
      };
    },
  };
}
