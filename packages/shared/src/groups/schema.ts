import { z } from "zod";
import { dataEnvelope } from "../api/envelope";
import { freeTextSchema } from "../validation/fields";
import { fieldMessages } from "../validation/messages";

// ── Limits (docs/product.md#validation) ──
export const MIN_GROUP_NAME_LENGTH = 1;
export const MAX_GROUP_NAME_LENGTH = 50;
export const MIN_MAX_MEMBERS = 2;
export const MAX_MAX_MEMBERS = 100;
export const MIN_DAYS_BETWEEN_ROUNDS = 1;
export const MAX_DAYS_BETWEEN_ROUNDS = 7;
/** Members shown on the invitation before the '+N' badge. */
export const INVITE_AVATARS_SHOWN = 7;
/** Random bytes in an invite code: 128 bits, far past guessing. */
export const INVITE_CODE_BYTES = 16;
/** Unknown or stale invite codes one person may try an hour, invitations and joins together. */
export const INVITE_MISSES_PER_HOUR = 10;

// ── Texts on screen (docs/product.md#messages) ──
export const groupMessages = {
  createFailed: "Internal error creating group. Please try again.",
  /** The product words a failed update the same way as a failed create. */
  updateFailed: "Internal error creating group. Please try again.",
  removeFailed: "Internal error removing member. Please try again.",
  groupFull:
    "Member limit reached. Contact group admin to increase max members allowed in this group.",
  deleted: "Group deleted",
  left: "You successfully left group",
  /** To the member the admin removed, on the group's open page (beyond the spec). */
  removedYou: (group: string) => `You were removed from ${group}`,
  /** A group that answered before now refuses the viewer: removed, or the group deleted. */
  noLongerMember: (group: string) => `You are no longer a member of ${group}`,
  noLongerMemberWhy: "The group's admin removed you, or deleted the group.",
  saved: "Changes Saved",
  removed: (name: string) => `${name} removed from group`,
  confirmDelete: "Are you sure you want to delete this group?",
  /** Under the spec's question: what goes with the group (beyond the spec). */
  deleteLoses:
    "Its rounds, votes, comments, leaderboard and past rounds go for every member, and its invitation link stops working. This cannot be undone.",
  confirmLeave: "Are you sure you want to leave this group?",
  confirmRemove: (name: string) => `Are you sure you want to remove ${name} from group?`,
  inviteNote: "Note: Anyone sent this link would be able to join this group.",
  shareTitle: "You are invited!",
  shareText: (appTitle: string) =>
    `Join my group on "${appTitle}", the social game where friends guess each other's picks.`,
  shareFailed: "Error sharing link. Please try again.",
  copied: "Copied!",
  copiedToClipboard: "Copied to Clipboard!",
  noRoundYet: "First round hasn't started yet.",
  awaitingAdmin: "Awaiting group admin to start round.",
  adminCannotLeave: "The group admin can't leave the group. Delete the group instead.",
  maxBelowMembers: (members: number) =>
    `Max members can't be less than the ${members} members the group has now.`,
  tooManyGroups: "You have created a lot of groups in a short time. Please try again in an hour.",
  tooManyGroupsFromNetwork:
    "Too many groups were created from your network. Please try again later.",
  /** The invitation of a group whose admin removed the viewer, while its link is unchanged. */
  removedFromGroup: "You were removed from this group. Ask its admin for a new invitation link.",
  tooManyInviteMisses:
    "Too many invite links that don't work were tried. Please ask for a new link and try again in an hour.",
  tooManyInviteMissesFromNetwork:
    "Too many invite links that don't work were tried from your network. Please try again later.",
} as const;

/** Control characters out, then trimmed, then checked (MIN_GROUP_NAME_LENGTH is 1: required). */
const groupNameSchema = freeTextSchema(MAX_GROUP_NAME_LENGTH);

/**
 * A whole number in a range. A form's number input gives NaN when empty: that is a
 * missing value, not a wrong one.
 */
function wholeNumberSchema(label: string, min: number, max: number) {
  const missing = (input: unknown) =>
    input === undefined || input === null || input === "" || Number.isNaN(input);
  return z
    .number({
      error: (issue) =>
        missing(issue.input) ? fieldMessages.required : `${label} ${fieldMessages.number}`,
    })
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: fieldMessages.minValue(min) })
    .max(max, { error: fieldMessages.maxValue(max) });
}

/** Create Group and the group profile's edit form, and the bodies of their calls. */
export const groupFieldsSchema = z.object({
  name: groupNameSchema,
  maxMembers: wholeNumberSchema("Max members", MIN_MAX_MEMBERS, MAX_MAX_MEMBERS),
  daysBetweenRounds: wholeNumberSchema(
    "Days between rounds",
    MIN_DAYS_BETWEEN_ROUNDS,
    MAX_DAYS_BETWEEN_ROUNDS,
  ),
  /** Members' proposed dilemmas are approved as they arrive; left out, it stays as it is (off for a new group). */
  autoApproveDilemmas: z.boolean().optional(),
});
export type GroupFields = z.infer<typeof groupFieldsSchema>;
export type GroupFieldsInput = z.input<typeof groupFieldsSchema>;

export const groupMemberSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  admin: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** A group as its members see it. */
export const groupDataSchema = z.object({
  id: z.string(),
  name: z.string(),
  maxMembers: z.number().int(),
  daysBetweenRounds: z.number().int(),
  inviteCode: z.string(),
  /** Members' proposed dilemmas are approved as they arrive (decision 0077). */
  autoApproveDilemmas: z.boolean(),
  /** The admin's user id. */
  admin: z.string(),
  /** The admin first, then by when they joined. */
  members: z.array(groupMemberSchema),
});
export type GroupData = z.infer<typeof groupDataSchema>;

/** A group on the caller's list (home). */
export const groupSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  maxMembers: z.number().int(),
  memberCount: z.number().int(),
  daysBetweenRounds: z.number().int(),
  admin: z.string(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

/** What an invitation shows to anyone with a session, guests included. */
export const invitationSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(groupMemberSchema),
  memberCount: z.number().int(),
  maxMembers: z.number().int(),
  isFull: z.boolean(),
  /** The viewer already belongs: the page leads to the group instead. */
  isMember: z.boolean(),
  /** The admin removed the viewer and has not replaced this link since: joining with it is refused. */
  wasRemoved: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const groupParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const memberParamsSchema = groupParamsSchema.extend({
  memberId: z.string().min(1).max(200),
});
export const inviteParamsSchema = z.object({ code: z.string().min(1).max(200) });
/**
 * Joining names the invite code as well as the group: the code is what the admin
 * shares and can reset, the id alone is known to every past member.
 */
export const joinBodySchema = z.object({ inviteCode: z.string().min(1).max(200) });

export const createGroupResponseSchema = dataEnvelope(z.object({ groupId: z.string() }));
export const groupResponseSchema = dataEnvelope(z.object({ groupData: groupDataSchema }));
export const groupsResponseSchema = dataEnvelope(
  z.object({ groupsData: z.array(groupSummarySchema) }),
);
export const invitationResponseSchema = dataEnvelope(z.object({ groupData: invitationSchema }));
export const inviteCodeResponseSchema = dataEnvelope(z.object({ inviteCode: z.string() }));
export const emptyResponseSchema = dataEnvelope(z.object({}));
