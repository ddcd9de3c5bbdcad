import { z } from "zod";

/**
 * What a group's live stream (`GET /api/groups/:id/events`, Server-Sent Events)
 * tells the members' open pages. Each event names what changed, never a vote or
 * a comment: the page refetches what it shows, through the usual permission
 * checks, so nothing of an open round leaks before it closes.
 *
 * On the wire: `event: <type>` and `data: <the event as JSON>`; a comment line
 * (`: heartbeat`) keeps proxies from closing a quiet stream.
 */
export const groupEventSchema = z.discriminatedUnion("type", [
  /** A member submitted their votes in the open round: 'Done (n)' moves. */
  z.object({ type: z.literal("member-submitted"), roundId: z.string(), userId: z.string() }),
  /** Someone joined, left or was removed. */
  z.object({ type: z.literal("members-changed") }),
  /**
   * To the stream of the one who left or was removed, in place of members-changed:
   * the stream ends here, and the page stops listening (a retry would be refused).
   */
  z.object({ type: z.literal("membership-ended") }),
  /** The round closed (due date or last submit); `nextRoundId` is the one that opened, if any. */
  z.object({
    type: z.literal("round-closed"),
    roundId: z.string(),
    nextRoundId: z.string().nullable(),
  }),
  /** A round started other than by the last one closing: the first, or the next of a group a second member joined. */
  z.object({ type: z.literal("round-started"), roundId: z.string() }),
  /** A comment of a closed round was hidden by moderation: its text leaves the pages showing it. */
  z.object({ type: z.literal("comment-hidden"), roundId: z.string() }),
  /** The group's name, size or duration changed. */
  z.object({ type: z.literal("group-changed") }),
  /** The group is gone: its pages leave. */
  z.object({ type: z.literal("group-deleted") }),
]);

export type GroupEvent = z.infer<typeof groupEventSchema>;
export type GroupEventType = GroupEvent["type"];

/** The SSE path of a group's events (`:id` is the group's id), under /api. */
export const groupEventsPath = "/groups/:id/events";

/** How often the server writes a heartbeat comment on a quiet stream. */
export const GROUP_EVENTS_HEARTBEAT_MS = 15_000;
