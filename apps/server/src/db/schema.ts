import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
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

/** A user's row that goes when the user goes. */
const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

export const session = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: userRef(),
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
    userId: userRef(),
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

/**
 * E-mailed sign-in and e-mail change links. Only the SHA-256 of a token is kept;
 * a token works once (`used_at`), before `expires_at`, for the address it went to.
 */
export const emailLinkTokens = pgTable(
  "email_link_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: ["sign-in", "change-email"] }).notNull(),
    /** The account whose address changes (purpose `change-email`). */
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

/** Fixed-window counters shared by every instance (nothing in process memory: docs/architecture.md). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});

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
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (table) => [
    index("outbox_created_at_idx").on(table.createdAt),
    uniqueIndex("outbox_dedupe_key_idx").on(table.dedupeKey),
    index("outbox_pending_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    check("outbox_status", sql`${table.status} IN ('kept', 'pending', 'sent', 'failed')`),
  ],
);

/** Which game e-mails a person gets; no row: all of them. */
export const userMailPreferences = pgTable("user_mail_preferences", {
  userId: userRef().primaryKey(),
  reminders: boolean("reminders").notNull().default(true),
  roundResults: boolean("round_results").notNull().default(true),
  newRounds: boolean("new_rounds").notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * One row per background job: when it is next due. An instance runs a job only
 * after moving `next_run_at` on in one UPDATE, so N instances run it once.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** File storage (re-encoded images) by key, e.g. `profile-images/{uid}`; any instance serves it. */
export const files = pgTable("files", {
  key: text("key").primaryKey(),
  content: bytea("content").notNull(),
  contentType: text("content_type").notNull(),
  /** Hash of the content: part of the immutable URL, so a new upload gets a new URL. */
  version: text("version").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ── Dilemmas ──

/** The bank every global day and every group round draws from. */
export const dilemmas = pgTable("dilemmas", {
  id: id(),
  dilemma: text("dilemma").notNull(),
  optionA: text("option_a").notNull(),
  optionB: text("option_b").notNull(),
  /** `dilemmaKey(dilemma)`: keeps the bank free of duplicates whatever adds to it. */
  dedupeKey: text("dedupe_key").notNull().unique(),
  source: text("source", { enum: ["bank", "generated", "admin"] })
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
    userId: userRef(),
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

// ── Groups ──

/** A private group of friends; its admin made it and is always a member. */
export const groups = pgTable("groups", {
  id: id(),
  name: text("name").notNull(),
  maxMembers: integer("max_members").notNull(),
  daysBetweenRounds: integer("days_between_rounds").notNull(),
  /** What the invite link carries; the admin may replace it, and the old link stops working. */
  inviteCode: text("invite_code").notNull().unique(),
  adminId: text("admin_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: userRef(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index("group_members_user_id_idx").on(table.userId),
  ],
);

// ── Rounds (docs/game-rules.md) ──

/**
 * A group's rounds, numbered from 1. At most one is open (`archived_at` null) per
 * group; a group never gets the same dilemma twice; round n+1 follows round n
 * once, which is what makes closing happen exactly once.
 */
export const rounds = pgTable(
  "rounds",
  {
    id: id(),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    dilemmaId: text("dilemma_id")
      .notNull()
      .references(() => dilemmas.id),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    dueDate: timestamp("due_date", { withTimezone: true }).notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("rounds_group_number_idx").on(table.groupId, table.number),
    uniqueIndex("rounds_group_dilemma_idx").on(table.groupId, table.dilemmaId),
    uniqueIndex("rounds_one_open_per_group_idx")
      .on(table.groupId)
      .where(sql`${table.archivedAt} IS NULL`),
    index("rounds_open_due_idx").on(table.dueDate).where(sql`${table.archivedAt} IS NULL`),
  ],
);

const roundRef = () =>
  text("round_id")
    .notNull()
    .references(() => rounds.id, { onDelete: "cascade" });

/** Who submitted their votes in a round, and when: final once written. */
export const roundSubmissions = pgTable(
  "round_submissions",
  {
    roundId: roundRef(),
    userId: userRef(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.userId] }),
    index("round_submissions_user_id_idx").on(table.userId),
  ],
);

/** One vote per voter and member of a round; saved as progress until the voter submits. */
export const votes = pgTable(
  "votes",
  {
    roundId: roundRef(),
    selectedBy: text("selected_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    selectedFor: text("selected_for")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    optionSelected: text("option_selected", { enum: ["A", "B"] }),
    comments: text("comments"),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.selectedBy, table.selectedFor] }),
    index("votes_selected_for_idx").on(table.selectedFor),
    check("votes_option", sql`${table.optionSelected} IN ('A', 'B')`),
    check("votes_comments_length", sql`char_length(${table.comments}) <= 1000`),
  ],
);

/** A closed round's participants as they were, with the points fixed at closing. */
export const roundResults = pgTable(
  "round_results",
  {
    roundId: roundRef(),
    userId: userRef(),
    submitted: boolean("submitted").notNull(),
    points: integer("points").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.userId] }),
    index("round_results_user_id_idx").on(table.userId),
  ],
);

// ── Feedback ──

/** What people tell the team; the sender stays known while their account exists. */
export const feedback = pgTable(
  "feedback",
  {
    id: id(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("feedback_created_at_idx").on(table.createdAt)],
);
