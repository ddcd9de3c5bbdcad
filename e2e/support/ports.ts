/** Ports of the e2e run: the app, the mail catcher's SMTP and HTTP sides, and the fake dilemma generator. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3310);
export const SMTP_PORT = APP_PORT + 15;
export const MAILBOX_PORT = APP_PORT + 16;
export const MAILBOX_URL = `http://127.0.0.1:${MAILBOX_PORT}`;
export const LLM_PORT = APP_PORT + 17;
export const LLM_URL = `http://127.0.0.1:${LLM_PORT}`;
/** How many new dilemmas each batch of the fake generator brings (beside one malformed item). */
export const FAKE_LLM_BATCH_NEW = 3;
/**
 * Apps of their own for the journeys that move the server's clock a day on
 * (rounds, the day after a choice), one per device: their own clock and data, so no other journey's link
 * or day changes under them, and the phone and desktop runs never wait for each other.
 */
export const CLOCK_APP_PORTS = { phone: APP_PORT + 18, desktop: APP_PORT + 19 } as const;
/**
 * `npm run cluster` for the cluster journey: nginx, then two instances, then
 * their metrics ports (scripts/cluster.mjs numbers them so).
 */
export const CLUSTER = {
  proxy: APP_PORT + 20,
  instances: [APP_PORT + 21, APP_PORT + 22],
  metrics: [APP_PORT + 23, APP_PORT + 24],
} as const;

/** Journeys that each sign a product admin in; every one gets its own account per device. */
const ADMIN_JOURNEYS = ["menu", "inbox", "failures", "moderation", "remove-group"] as const;
const DEVICES = ["phone", "desktop"] as const;
/**
 * The product admin of one journey on one device: journeys running side by side
 * never sign the same account up at once (one would see the other's details screen).
 */
export const adminEmail = (journey: (typeof ADMIN_JOURNEYS)[number], device: string) =>
  `admin-${journey}-${device}@example.test`;
/** What the e2e apps are told in ADMIN_EMAILS. */
export const ADMIN_EMAILS = ADMIN_JOURNEYS.flatMap((journey) =>
  DEVICES.map((device) => adminEmail(journey, device)),
).join(",");
