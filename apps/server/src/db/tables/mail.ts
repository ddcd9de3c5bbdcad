import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { deliveryColumns, id } from "./columns";

/**
 * Every e-mail the app sends, as a row: game mail is queued here in the
 * transaction that causes it and sent once by the sender job; mail with no SMTP
 * server configured stays here as `kept` (local mode shows it at /dev/mailbox).
 * `dedupe_key` makes a second enqueue of the same message (a retry, another
 * instance) a no-op.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    dedupeKey: text("dedupe_key"),
    status: text("status", { enum: ["kept", "pending", "sent", "failed"] })
      .notNull()
      .default("kept"),
    ...deliveryColumns(),
  },
  (table) => [
    index("outbox_created_at_idx").on(table.createdAt),
    uniqueIndex("outbox_dedupe_key_idx").on(table.dedupeKey),
    index("outbox_pending_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    check("outbox_status", sql`${table.status} IN ('kept', 'pending', 'sent', 'failed')`),
  ],
);
