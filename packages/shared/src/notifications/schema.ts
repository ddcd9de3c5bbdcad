import { z } from "zod";

/** The kinds of game e-mail a member can turn off, each on its own. */
export const mailKinds = ["reminders", "roundResults", "newRounds"] as const;
export const mailKindSchema = z.enum(mailKinds);
export type MailKind = z.infer<typeof mailKindSchema>;

export const mailPreferencesSchema = z.object({
  reminders: z.boolean(),
  roundResults: z.boolean(),
  newRounds: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

export const mailPreferencesResponseSchema = z.object({
  data: z.object({ preferences: mailPreferencesSchema }),
});

export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(400) });
export const unsubscribeResponseSchema = z.object({
  data: z.object({ kind: mailKindSchema, unsubscribed: z.literal(true) }),
});

// ── Texts (docs/product.md#e-mails) ──
export const mailPreferenceMessages = {
  section: "E-mails",
  intro: "Choose which e-mails about your groups you get.",
  labels: {
    reminders: "Reminders to vote",
    roundResults: "Round results",
    newRounds: "New rounds",
  } satisfies Record<MailKind, string>,
  hints: {
    reminders: "A day before a round ends, if you have not submitted yet.",
    roundResults: "Your points and the top three when a round closes.",
    newRounds: "The new dilemma when a round starts.",
  } satisfies Record<MailKind, string>,
  saveFailed: "Your e-mail settings could not be saved. Please try again.",
  badLink: "This unsubscribe link is not valid. Change your e-mails on your profile page instead.",
  confirmTitle: "Stop these e-mails?",
  confirmButton: "Unsubscribe",
  done: (kind: string) => `Done. You will no longer get ${kind.toLowerCase()} e-mails.`,
} as const;
