import { sql } from "drizzle-orm";
import { text, timestamp } from "drizzle-orm/pg-core";

/** Columns most tables share. */
export const id = () => text("id").primaryKey().default(sql`gen_random_uuid()::text`);
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
