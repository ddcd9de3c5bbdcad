import { groupsApi } from "@eitheror/shared/groups/contract";
import { roundsApi } from "@eitheror/shared/rounds/contract";
import {
  closedRoundHtml,
  groupPageHtml,
  groupTabOf,
  type MemberPage,
  type MemberPaint,
  memberPageTexts,
} from "@eitheror/shared/shell/member-pages";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/http/errors";
import type { GroupsService } from "../groups/service";
import type { RoundsService } from "./service";

/**
 * Paints a member's group page and closed rounds into the page (decision 0100),
 * with the reads and checks their API calls make: the session from its cookie,
 * then the membership, in the same services. Anyone else, and any failure, gets
 * the loader the app starts with (undefined), and the app says what it says.
 * The page asks only with a session cookie (plugins/spa.ts, plugins/page-preloads.ts).
 */
export function memberPagePainter({
  groups,
  rounds,
  now,
}: {
  groups: GroupsService;
  rounds: RoundsService;
  now: () => Date;
}) {
  async function groupPage(request: FastifyRequest, id: string, query: URLSearchParams) {
    const params = groupsApi.get.params.safeParse({ id });
    if (!params.success) return undefined;
    const tab = groupTabOf(query.get("tab"));
    const [group, round] = await Promise.all([
      groups.management.get(request.caller, id),
      // No open round (none yet, or the group waits for members) paints no card.
      tab === "current"
        ? rounds.play.current(request.caller, id).catch(() => undefined)
        : undefined,
    ]);
    const painted = { ...group, memberCount: group.members.length };
    return { screen: group.name, html: groupPageHtml({ group: painted, tab, round, now: now() }) };
  }

  async function closedRound(request: FastifyRequest, id: string, roundId: string) {
    const params = roundsApi.round.params.safeParse({ id, roundId });
    if (!params.success) return undefined;
    const round = await rounds.history.round(await request.signedIn(), id, roundId);
    return {
      screen: memberPageTexts.pastRound,
      html: closedRoundHtml({ groupId: id, round, now: now() }),
    };
  }

  return async (
    request: FastifyRequest,
    page: MemberPage,
    query: URLSearchParams,
  ): Promise<MemberPaint | undefined> => {
    try {
      return page.kind === "closedRound"
        ? await closedRound(request, page.id, page.roundId)
        : await groupPage(request, page.id, query);
    } catch (err) {
      // Not signed in, not a member, no such round: the app's own screens say so.
      if (err instanceof AppError && err.status < 500) return undefined;
      request.log.warn({ err }, "a member's page could not be painted");
      return undefined;
    }
  };
}
