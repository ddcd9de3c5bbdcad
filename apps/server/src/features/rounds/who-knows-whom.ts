import { figuresOf, gridOf } from "@eitheror/shared/who-knows-whom/rules";
import type { WhoKnowsWhom } from "@eitheror/shared/who-knows-whom/schema";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { type HistoryParts, settledMemberOf } from "./history";
import { closedRoundCount, membersNow, talliesOf } from "./who-knows-whom-data";

/** What the closed rounds say about the members: who knows whom. */
export function createRoundWhoKnowsWhom({ db }: Core, parts: HistoryParts) {
  const memberOf = settledMemberOf(parts);
  return {
    /**
     * The grid of the group's current members (in the order they joined: the page
     * puts its viewer first) with each one's most predictable and best reader.
     * Members only, refused like the leaderboard; an overdue round is closed
     * first, so it counts. The same for every member: read once for all of them.
     */
    async grid(viewer: Viewer, groupId: string): Promise<WhoKnowsWhom> {
      const { groupId: id } = await memberOf(viewer, groupId);
      return parts.shared.through(id, "who-knows-whom", async () => {
        const [members, tallies, closedRounds] = await Promise.all([
          membersNow(db, id),
          talliesOf(db, id),
          closedRoundCount(db, id),
        ]);
        const grid = gridOf(members, tallies);
        return { groupId: id, closedRounds, members: figuresOf(members, grid), ...grid };
      });
    },
  };
}
