import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { userRef } from "./auth";
import { createdAt, deliveryColumns, id, updatedAt } from "./columns";

/**
 * A device's Web Push subscription (decision 0076): the push service's endpoint,
 * the keys a payload is encrypted to, and which kinds of notification it gets
 * (the game e-mails' kinds). An endpoint is one browser's: saving it again, by
 * whoever is signed in there now, replaces the row.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: userRef(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    kinds: text("kinds").array().notNull(),
    /** The e-mail of a pushed kind still goes too. */
    alsoEmail: boolean("also_email").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(table.endpoint),
    index("push_subscriptions_user_idx").on(table.userId),
  ],
);

/**
 * Pushes to send, one row per (kind, round, member), claimed as the mail outbox's
 * rows are: `dedupe_key` (the e-mail's key) makes a second enqueue a no-op, and
 * `delivered` lists the subscriptions a retry must not send to again.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: id(),
    userId: userRef(),
    dedupeKey: text("dedupe_key").notNull(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<{ title: string; body: string; url: string }>().notNull(),
    delivered: jsonb("delivered").$type<string[]>().notNull().default([]),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    ...deliveryColumns(),
  },
  (table) => [
    uniqueIndex("push_outbox_dedupe_key_idx").on(table.dedupeKey),
    index("push_outbox_pending_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    check("push_outbox_status", sql`${table.status} IN ('pending', 'sent', 'failed')`),
  ],
);
