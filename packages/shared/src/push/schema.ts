import { z } from "zod";
import { mailKindSchema } from "../notifications/schema";

/** The kinds a push can be about: the game e-mails' kinds, by the same names. */
export const pushKindSchema = mailKindSchema;

export const pushPublicKeyResponseSchema = z.object({
  /** The VAPID public key, base64url: `pushManager.subscribe`'s applicationServerKey. */
  data: z.object({ publicKey: z.string() }),
});

/** base64url as browsers write it (padding tolerated), within `min`–`max` characters. */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url");

/** At most this long: real push services' endpoints are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2048;

export const pushEndpointSchema = z
  .url({ protocol: /^https?$/, error: "must be the push service's URL" })
  .max(PUSH_ENDPOINT_MAX);

/**
 * The browser's PushSubscription as `toJSON()` writes it (expirationTime and
 * other keys are ignored), and which kinds this device gets as a push. With
 * `alsoEmail` false (the default), a kind pushed to a device is no longer e-mailed.
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    /** The device's P-256 public key: 65 bytes, 87 characters (88 padded). */
    p256dh: base64url(86, 88),
    /** The device's 16-byte authentication secret: 22 characters (24 padded). */
    auth: base64url(22, 24),
  }),
  kinds: z.array(pushKindSchema).max(3),
  alsoEmail: z.boolean().optional().default(false),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionResponseSchema = z.object({
  data: z.object({
    subscription: z.object({
      endpoint: z.string(),
      kinds: z.array(pushKindSchema),
      alsoEmail: z.boolean(),
    }),
  }),
});

export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });
export const pushUnsubscribeResponseSchema = z.object({
  data: z.object({ removed: z.boolean() }),
});

/** What a push carries: never a vote, never a comment. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the app (`/group/…`), opened when the notification is tapped. */
  url: string;
}
/** The most a payload may weigh as JSON (the push services take about 4 kB). */
export const PUSH_PAYLOAD_MAX_BYTES = 2048;

// ── Texts ──
export const pushMessages = {
  section: "Notifications on this device",
  intro: "Get a notification on this device instead of an e-mail.",
  turnOn: "Turn on notifications",
  turnOff: "Turn off notifications on this device",
  alsoEmail: "Keep sending the e-mails too",
  blocked: "Notifications are blocked for this site in your browser settings.",
  failed: "Notifications could not be turned on. Please try again.",
  saveFailed: "Your notification choices could not be saved. Please try again.",
  kinds: "Notify this device about",
  on: "Notifications are on for this device.",
  /** Offered once a member has submitted, where this device has no subscription yet. */
  nudge: "Get a nudge before rounds close?",
  nudgeDetail:
    "A notification on this device when a round starts, before it is due, and when results are in.",
} as const;
