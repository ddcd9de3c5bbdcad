import type { GlobalDilemma, Option } from "@eitheror/shared/global-dilemma/schema";
import { type SQL, sql } from "drizzle-orm";
import { type Db, namedStatement, type Tx } from "../../db/client";
import {
  dilemmas,
  globalDayRollups,
  globalDilemmas,
  globalSelections,
  userStreaks,
} from "../../db/schema";
import type { SessionToken } from "../../lib/auth/provider";
import { liveSessionJoin } from "../../lib/auth/user-sql";
import { type DilemmaRow, dilemmaOfRow } from "./data";

const rowsOf = async <Row>(tx: Tx, statement: SQL): Promise<Row[]> =>
  ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows;

/** Finished days (before `today`) with a dilemma and no roll-up yet, oldest first. */
export async function daysToRollUp(tx: Tx, today: string): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    tx,
    sql`
    SELECT g.day::text AS day FROM ${globalDilemmas} g
    WHERE g.day < ${today}::date
      AND NOT EXISTS (SELECT 1 FROM ${globalDayRollups} r WHERE r.day = g.day)
    ORDER BY g.day`,
  );
  return rows.map((row) => row.day);
}

/**
 * Rolls `day` up, in the caller's transaction: freezes its counts in a row of its
 * own and, only when this call inserted that row, moves the streak of everyone who
 * chose on it (one more day after a chosen day before, else 1). A concurrent
 * roll-up of the same day waits on the row's key and then does nothing: each day
 * is rolled up exactly once. Answers whether this call did it.
 */
export async function rollUpDay(tx: Tx, day: string, now: Date): Promise<boolean> {
  const inserted = await rowsOf<{ id: string }>(
    tx,
    sql`
    INSERT INTO ${globalDayRollups} (day, global_dilemma_id, count_a, count_b, rolled_at)
    SELECT g.day, g.id, g.count_a, g.count_b, ${now.toISOString()}::timestamptz
    FROM ${globalDilemmas} g WHERE g.day = ${day}::date
    ON CONFLICT DO NOTHING
    RETURNING global_dilemma_id AS id`,
  );
  const [rolled] = inserted;
  if (!rolled) return false;
  await tx.execute(sql`
    INSERT INTO ${userStreaks} AS st (user_id, last_day, days)
    SELECT s.user_id, ${day}::date, 1 FROM ${globalSelections} s
    WHERE s.global_dilemma_id = ${rolled.id}
    ON CONFLICT (user_id) DO UPDATE SET
      days = CASE WHEN st.last_day = excluded.last_day - 1 THEN st.days + 1 ELSE 1 END,
      last_day = excluded.last_day
    WHERE st.last_day < excluded.last_day`);
  return true;
}

/** A rolled-up day's dilemma with its frozen counts. */
export async function findRollup(tx: Tx, day: string): Promise<GlobalDilemma | null> {
  const [row] = await rowsOf<GlobalDilemma>(
    tx,
    sql`
    SELECT g.id, r.day::text AS day, d.dilemma, d.option_a AS "optionA", d.option_b AS "optionB",
      r.count_a AS "countA", r.count_b AS "countB"
    FROM ${globalDayRollups} r
    JOIN ${globalDilemmas} g ON g.id = r.global_dilemma_id
    JOIN ${dilemmas} d ON d.id = g.dilemma_id
    WHERE r.day = ${day}::date`,
  );
  return row ?? null;
}

/**
 * Keeps a guest's streak when they sign in (their choices already moved to the
 * account): the account's streak worked out again from its choices on rolled-up
 * days, the run of consecutive days up to the last of them. Bounded by one
 * person's choices, once per sign-in. Roll-ups wait for it (and it for a roll-up
 * under way), so neither misses the other's work.
 */
export async function recomputeStreak(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`LOCK TABLE ${globalDayRollups} IN SHARE MODE`);
  await tx.execute(sql`
    WITH chosen AS (
      SELECT r.day, r.day - (row_number() OVER (ORDER BY r.day))::int AS run
      FROM ${globalSelections} s
      JOIN ${globalDayRollups} r ON r.global_dilemma_id = s.global_dilemma_id
      WHERE s.user_id = ${userId}
    ),
    last AS (SELECT run FROM chosen ORDER BY day DESC LIMIT 1)
    INSERT INTO ${userStreaks} AS st (user_id, last_day, days)
    SELECT ${userId}, max(c.day), count(*)::int FROM chosen c JOIN last l ON l.run = c.run
    HAVING count(*) > 0
    ON CONFLICT (user_id) DO UPDATE SET last_day = excluded.last_day, days = excluded.days`);
}

export interface ViewerRead {
  token: SessionToken;
  /** The dilemma whose choice and counts are read. */
  id: string;
}

export type ViewerDay =
  | {
      status: "found";
      dilemma: GlobalDilemma;
      option: Option | null;
      chosenToday: boolean;
      streak: { lastDay: string; days: number } | null;
    }
  | { status: "no-session" }
  | { status: "no-dilemma" };

interface ViewerDayRow extends DilemmaRow {
  option: Option | null;
  chosen_today: boolean;
  last_day: string | null;
  days: number | null;
}

function viewerDayOf(row: ViewerDayRow | undefined): ViewerDay {
  if (!row?.signed_in) return { status: "no-session" };
  if (row.id === null) return { status: "no-dilemma" };
  const streak =
    row.last_day === null || row.days === null ? null : { lastDay: row.last_day, days: row.days };
  return {
    status: "found",
    dilemma: dilemmaOfRow({ ...row, id: row.id }),
    option: row.option,
    chosenToday: row.chosen_today,
    streak,
  };
}

const viewerDaysStatement = namedStatement<
  ViewerDayRow & { ord: number },
  { ords: number[]; tokens: string[]; dilemmaIds: string[]; todayId: string; sessionsAt: string }
>(
  "viewer-days",
  sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${sql.placeholder("ords")}::int[], ${sql.placeholder("tokens")}::text[],
        ${sql.placeholder("dilemmaIds")}::text[]
      ) AS i (ord, token, dilemma_id)
    ),
    viewer AS (
      SELECT i.ord, s.user_id FROM input i ${liveSessionJoin}
    )
    SELECT i.ord, v.user_id IS NOT NULL AS signed_in,
      g.id, g.day::text AS day, d.dilemma, d.option_a, d.option_b, g.count_a, g.count_b,
      sel.option,
      EXISTS (
        SELECT 1 FROM ${globalSelections} t
        WHERE t.global_dilemma_id = ${sql.placeholder("todayId")} AND t.user_id = v.user_id
      ) AS chosen_today,
      st.last_day::text AS last_day, st.days
    FROM input i
    LEFT JOIN viewer v ON v.ord = i.ord
    LEFT JOIN ${globalDilemmas} g ON g.id = i.dilemma_id
    LEFT JOIN ${dilemmas} d ON d.id = g.dilemma_id
    LEFT JOIN ${globalSelections} sel ON sel.global_dilemma_id = g.id AND sel.user_id = v.user_id
    LEFT JOIN ${userStreaks} st ON st.user_id = v.user_id
    ORDER BY i.ord`,
);

/**
 * Many viewers' reads in one statement (read together as choices are written,
 * decision 0026): each session token checked right there (alive at `sessionsAt`,
 * user not banned, as a choice checks it), the dilemma asked for and its counts,
 * the viewer's choice on it, whether they chose today's (`todayId`), and their
 * streak's row. Answers one outcome per read, in order.
 */
export async function findViewerDays(
  db: Db,
  reads: ViewerRead[],
  { todayId, sessionsAt }: { todayId: string; sessionsAt: Date },
): Promise<ViewerDay[]> {
  const rows = await viewerDaysStatement(db, {
    ords: reads.map((_, ord) => ord),
    tokens: reads.map((read) => read.token),
    dilemmaIds: reads.map((read) => read.id),
    todayId,
    sessionsAt: sessionsAt.toISOString(),
  });
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return reads.map((_, ord) => viewerDayOf(byOrd.get(ord)));
}

/** A viewer's read of today's dilemma: their choice and streak row; the dilemma is the shared copy's. */
export type TodayViewer =
  | { status: "found"; option: Option | null; streak: { lastDay: string; days: number } | null }
  | { status: "no-session" };

interface TodayViewerRow {
  ord: number;
  option: Option | null;
  last_day: string | null;
  days: number | null;
}

const todayViewersStatement = namedStatement<
  TodayViewerRow,
  { ords: number[]; tokens: string[]; todayId: string; sessionsAt: string }
>(
  "today-viewers",
  sql`
    SELECT i.ord, sel.option, st.last_day::text AS last_day, st.days
    FROM unnest(${sql.placeholder("ords")}::int[], ${sql.placeholder("tokens")}::text[])
      AS i (ord, token)
    ${liveSessionJoin}
    LEFT JOIN ${globalSelections} sel
      ON sel.global_dilemma_id = ${sql.placeholder("todayId")} AND sel.user_id = s.user_id
    LEFT JOIN ${userStreaks} st ON st.user_id = s.user_id`,
);

/**
 * The lean twin of `findViewerDays` for reads of today's dilemma (`todayId`), whose
 * text and counts the caller has in today's shared copy (decision 0033): per read,
 * only the session's check (as there), the viewer's choice and their streak's row.
 * A read whose session is not alive comes back "no-session".
 */
export async function findTodayViewers(
  db: Db,
  tokens: SessionToken[],
  { todayId, sessionsAt }: { todayId: string; sessionsAt: Date },
): Promise<TodayViewer[]> {
  const rows = await todayViewersStatement(db, {
    ords: tokens.map((_, ord) => ord),
    tokens,
    todayId,
    sessionsAt: sessionsAt.toISOString(),
  });
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return tokens.map((_, ord): TodayViewer => {
    const row = byOrd.get(ord);
    if (!row) return { status: "no-session" };
    const { option, last_day: lastDay, days } = row;
    const streak = lastDay === null || days === null ? null : { lastDay, days };
    return { status: "found", option, streak };
  });
}
