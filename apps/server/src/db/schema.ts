import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const id = () => text("id").primaryKey().default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ── Identity: the tables better-auth works on (core + anonymous + admin plugins) ──

export const user = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  isAnonymous: boolean("is_anonymous").default(false),
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

// ── Dilemmas ──

/** The bank every global day and every group round draws from. */
export const dilemmas = pgTable("dilemmas", {
  id: id(),
  dilemma: text("dilemma").notNull(),
  optionA: text("option_a").notNull(),
  optionB: text("option_b").notNull(),
  /** `dilemmaKey(dilemma)`: keeps the bank free of duplicates whatever adds to it. */
  dedupeKey: text("dedupe_key").notNull().unique(),
  source: text("source", { enum: ["bank", "generated"] })
    .notNull()
    .default("bank"),
  createdAt: createdAt(),
});

/** One row per UTC day; the counters are the only source of the split. */
export const globalDilemmas = pgTable(
  "global_dilemmas",
  {
    id: id(),
    day: date("day", { mode: "string" }).notNull().unique(),
    dilemmaId: text("dilemma_id")
      .notNull()
      .references(() => dilemmas.id),
    countA: integer("count_a").notNull().default(0),
    countB: integer("count_b").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("global_dilemmas_dilemma_id_idx").on(table.dilemmaId),
    check("global_dilemmas_counts_nonnegative", sql`${table.countA} >= 0 AND ${table.countB} >= 0`),
  ],
);

export const globalSelections = pgTable(
  "global_selections",
  {
    globalDilemmaId: text("global_dilemma_id")
      .notNull()
      .references(() => globalDilemmas.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    option: text("option", { enum: ["A", "B"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.globalDilemmaId, table.userId] }),
    index("global_selections_user_id_idx").on(table.userId),
    check("global_selections_option", sql`${table.option} IN ('A', 'B')`),
  ],
);
