import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt } from "./columns";

/**
 * E-mailed sign-in, e-mail change and account deletion links. Only the SHA-256 of a token is kept;
 * a token works once (`used_at`), before `expires_at`, for the address it went to.
 */
export const emailLinkTokens = pgTable(
  "email_link_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: ["sign-in", "change-email", "delete-account"] }).notNull(),
    /** The account whose address changes (`change-email`) or that goes (`delete-account`). */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("email_link_tokens_expires_at_idx").on(table.expiresAt),
    check(
      "email_link_tokens_change_has_user",
      sql`${table.purpose} = 'sign-in' OR ${table.userId} IS NOT NULL`,
    ),
  ],
);
