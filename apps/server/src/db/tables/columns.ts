import { sql } from "drizzle-orm";
import { integer, text, timestamp } from "drizzle-orm/pg-core";

/** Columns most tables share. */
export const id = () => text("id").primaryKey().default(sql`gen_random_uuid()::text`);
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** An outbox row's attempts (mail, push): counted, leased to the next one, sent or given up. */
export const deliveryColumns = () => ({
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  lastError: text("last_error"),
  createdAt: createdAt(),
});
