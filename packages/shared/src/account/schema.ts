import { z } from "zod";
import { dataEnvelope } from "../api/envelope";

/** The name a deleted account's closed rounds show in its place (decision 0078). */
export const DELETED_PLAYER_NAME = "Deleted player";
/** How long an e-mailed deletion link works: long enough to find the e-mail, once. */
export const DELETION_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** The export's format, which a reader checks before trusting its fields. */
export const ACCOUNT_EXPORT_FORMAT = "eitheror-account-export/1";

const isoTime = z.iso.datetime();
const option = z.enum(["A", "B"]);

/**
 * Everything the product keeps about one person, as GET /users/me/export answers
 * it (docs/product.md, "Export my data"): their own rows only. Other people
 * appear by id where a row of theirs points at them (who a vote was for).
 */
export const accountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  exportedAt: isoTime,
  profile: z.object({
    id: z.string(),
    displayName: z.string().nullable(),
    email: z.string(),
    photoURL: z.string().nullable(),
    createdAt: isoTime,
  }),
  preferences: z.object({
    /** The game e-mails' switches, as GET /users/me/mail-preferences answers them. */
    mail: z.object({ reminders: z.boolean(), roundResults: z.boolean(), newRounds: z.boolean() }),
    pushDevices: z.array(
      z.object({ kinds: z.array(z.string()), alsoEmail: z.boolean(), createdAt: isoTime }),
    ),
  }),
  groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.enum(["admin", "member"]),
      joinedAt: isoTime,
    }),
  ),
  /** Every vote the person saved, submitted or not, with its comment. */
  votes: z.array(
    z.object({
      groupId: z.string(),
      roundId: z.string(),
      roundNumber: z.number().int(),
      selectedFor: z.string(),
      optionSelected: option.nullable(),
      comments: z.string().nullable(),
      updatedAt: isoTime,
    }),
  ),
  /** Their points in each closed round they played. */
  roundResults: z.array(
    z.object({
      groupId: z.string(),
      roundId: z.string(),
      roundNumber: z.number().int(),
      submitted: z.boolean(),
      points: z.number().int(),
    }),
  ),
  globalChoices: z.array(
    z.object({ day: z.string(), dilemma: z.string(), option, chosenAt: isoTime }),
  ),
  streak: z.object({ days: z.number().int(), lastDay: z.string() }).nullable(),
  feedback: z.array(z.object({ feedback: z.string(), createdAt: isoTime })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
export const accountExportResponseSchema = dataEnvelope(accountExportSchema);

export const deletionLinkResponseSchema = dataEnvelope(z.object({ email: z.string() }));

/** POST /account/delete: the e-mailed link's token is the proof, not the session. */
export const deleteAccountBodySchema = z.object({ token: z.string().min(1).max(200) });
export const accountDeletedResponseSchema = dataEnvelope(z.object({ deleted: z.literal(true) }));

/** The product admin's deletion names the account by its address. */
export const adminDeleteAccountBodySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
});
export const adminGroupParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const groupRemovedResponseSchema = dataEnvelope(z.object({ removed: z.literal(true) }));

// ── Texts (docs/product.md, "Profile" and "Admin") ──
export const accountMessages = {
  deleteSection: "Delete my account",
  deleteExplained:
    "Your name, e-mail address, photo and settings are deleted, and you leave every group. Groups you run pass to their longest-standing member. Past rounds keep your votes as 'Deleted player', so your friends' points stay as they are.",
  deleteAsk:
    "To be sure it is you, we e-mail you a link. Your account is deleted when you open it.",
  deleteSend: "E-mail me the link",
  deleteConfirm: "Send a deletion link to your e-mail address?",
  deleteSent: (email: string) => `We sent a link to ${email}`,
  deleteSentHint: "Open it within an hour to delete your account. Until then nothing changes.",
  deleteSendFailed: "The link could not be sent. Please try again.",
  landingTitle: "Delete your account?",
  landingExplained:
    "This cannot be undone. You will be signed out, and signing in again with the same address starts a new, empty account.",
  landingButton: "Delete my account",
  landingDone: "Your account is deleted.",
  landingHome: "Go to today's dilemma",
  badLink:
    "This deletion link does not work: it was used already, has expired, or your address changed. Ask for a new one on your profile page.",
  deleteFailed: "Your account could not be deleted. Please try again.",
  exportSection: "Export my data",
  exportExplained:
    "One JSON file with your profile, groups, votes and comments, daily choices, feedback and settings.",
  exportButton: "Export my data",
  exportFailed: "Your data could not be exported. Please try again.",
  adminDeleteAccount: "Delete an account",
  adminDeleteAccountConfirm: (email: string) => `Delete the account of ${email}?`,
  adminDeleteAccountDone: (email: string) => `The account of ${email} is deleted.`,
  adminRemoveGroup: "Remove a group",
  adminRemoveGroupConfirm: "Remove this group for every member?",
  adminRemoveGroupDone: "The group is removed.",
  noSuchAccount: "No account has this address.",
  noSuchGroup: "This group does not exist.",
  newAdminSubject: (group: string) => `You are now the admin of ${group}`,
} as const;
