import type { GlobalDilemma, Option } from "@eitheror/shared/global-dilemma/schema";
import { eq, sql } from "drizzle-orm";
import { type Db, firstOrNull, namedStatement, type Tx } from "../../db/client";
import { dilemmas, globalDilemmas, globalSelections } from "../../db/schema";
import type { SessionToken } from "../../lib/auth/provider";
import { liveSessionJoin } from "../../lib/auth/user-sql";

const globalDilemmaColumns = {
  id: globalDilemmas.id,
  day: globalDilemmas.day,
  dilemma: dilemmas.dilemma,
  optionA: dilemmas.optionA,
  optionB: dilemmas.optionB,
  countA: globalDilemmas.countA,
  countB: globalDilemmas.countB,
};

async function findOne(tx: Tx, where: ReturnType<typeof eq>): Promise<GlobalDilemma | null> {
  return firstOrNull(
    await tx
      .select(globalDilemmaColumns)
      .from(globalDilemmas)
      .innerJoin(dilemmas, eq(dilemmas.id, globalDilemmas.dilemmaId))
      .where(where)
      .limit(1),
  );
}

export function findGlobalDilemmaByDay(tx: Tx, day: string) {
  return findOne(tx, eq(globalDilemmas.day, day));
}

/**
 * Gives `day` its dilemma: the bank's least-used one, at random among equals
 * (never a group's own, never a hidden one). The
 * unique day makes concurrent first requests agree on a single pick.
 */
export async function pickGlobalDilemmaForDay(tx: Tx, day: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${globalDilemmas} (day, dilemma_id)
    SELECT ${day}, d.id
    FROM ${dilemmas} d
    LEFT JOIN (
      SELECT dilemma_id, count(*) AS uses FROM ${globalDilemmas} GROUP BY dilemma_id
    ) used ON used.dilemma_id = d.id
    WHERE d.group_id IS NULL AND d.hidden_at IS NULL
    ORDER BY coalesce(used.uses, 0), random()
    LIMIT 1
    ON CONFLICT (day) DO NOTHING
  `);
}

export interface Choice {
  token: SessionToken;
  globalDilemmaId: string;
  option: Option;
}

/** A choice's fate; where its session was found alive, with the session's user. */
export type ChoiceOutcome =
  | { status: "saved"; dilemma: GlobalDilemma; userId: string }
  | { status: "no-session" }
  | { status: "no-dilemma"; userId: string };

/** A dilemma with its counts as the batched statements answer it, per input row. */
export interface DilemmaRow {
  signed_in: boolean;
  id: string | null;
  day: string;
  dilemma: string;
  option_a: string;
  option_b: string;
  count_a: number;
  count_b: number;
}

export function dilemmaOfRow(row: Omit<DilemmaRow, "signed_in"> & { id: string }): GlobalDilemma {
  const { id, day, dilemma, option_a: optionA, option_b: optionB } = row;
  return { id, day, dilemma, optionA, optionB, countA: row.count_a, countB: row.count_b };
}

type ChoiceRow = DilemmaRow & { ord: number; user_id: string | null };

const choicesAt = sql`${sql.placeholder("at")}::timestamptz`;

/** Of the choices inserted, a repeat changes nothing and a changed option switches. */
const switchOnConflict = sql`ON CONFLICT (global_dilemma_id, user_id) DO UPDATE
        SET option = excluded.option, updated_at = excluded.updated_at
        WHERE s.option <> excluded.option`;

/** How far each counter moves for the rows a choice upsert returned (`option`, `inserted`). */
const counterMoves = sql`
        count(*) FILTER (WHERE option = 'A') - count(*) FILTER (WHERE option = 'B' AND NOT inserted) AS a,
        count(*) FILTER (WHERE option = 'B') - count(*) FILTER (WHERE option = 'A' AND NOT inserted) AS b`;

/** The dilemma `g` (of the bank's `t`) with its counts as the statement leaves them. */
const countedDilemma = sql`g.id, g.day::text AS day, t.dilemma, t.option_a, t.option_b, g.count_a, g.count_b`;

const checkSessionsAndSaveChoicesStatement = namedStatement<
  ChoiceRow,
  {
    ords: number[];
    tokens: string[];
    dilemmaIds: string[];
    options: Option[];
    at: string;
    sessionsAt: string;
  }
>(
  "check-sessions-and-save-choices",
  sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${sql.placeholder("ords")}::int[], ${sql.placeholder("tokens")}::text[],
        ${sql.placeholder("dilemmaIds")}::text[], ${sql.placeholder("options")}::text[]
      ) AS i (ord, token, dilemma_id, option)
    ),
    chooser AS (
      SELECT i.ord, i.dilemma_id, i.option, s.user_id
      FROM input i ${liveSessionJoin}
    ),
    latest AS (
      SELECT DISTINCT ON (c.dilemma_id, c.user_id) c.dilemma_id, c.user_id, c.option
      FROM chooser c JOIN ${globalDilemmas} g ON g.id = c.dilemma_id
      ORDER BY c.dilemma_id, c.user_id, c.ord DESC
    ),
    changed AS (
      INSERT INTO ${globalSelections} AS s (global_dilemma_id, user_id, option, created_at, updated_at)
      SELECT dilemma_id, user_id, option, ${choicesAt}, ${choicesAt} FROM latest ORDER BY dilemma_id, user_id
      ${switchOnConflict}
      RETURNING s.global_dilemma_id, s.option, s.xmax = 0 AS inserted
    ),
    deltas AS (
      SELECT l.dilemma_id, ${counterMoves}
      FROM (SELECT DISTINCT dilemma_id FROM latest) l
      LEFT JOIN changed ch ON ch.global_dilemma_id = l.dilemma_id
      GROUP BY l.dilemma_id
    ),
    moved AS (
      UPDATE ${globalDilemmas} g SET count_a = g.count_a + d.a, count_b = g.count_b + d.b
      FROM deltas d, ${dilemmas} t
      WHERE g.id = d.dilemma_id AND t.id = g.dilemma_id
      RETURNING ${countedDilemma}
    )
    SELECT i.ord, c.ord IS NOT NULL AS signed_in, c.user_id, m.*
    FROM input i
    LEFT JOIN chooser c ON c.ord = i.ord
    LEFT JOIN moved m ON m.id = i.dilemma_id
    ORDER BY i.ord
  `,
);

/**
 * Saves many visitors' choices in one statement (group commit, decision 0023): each
 * session is checked right there (alive, user not banned), each choice inserted or
 * switched (a repeat changes nothing), and each dilemma's counters moved once by the
 * sum of what changed, so the day's row is written once per batch, not per choice.
 * Sessions live by the real time, as better-auth reads them (`sessionsAt`); choices
 * are dated by the app's clock (`now`). Two choices of one user in a batch: the
 * later counts. Answers, in order, each choice's outcome with its dilemma's counts
 * as this statement left them. It commits on its own (outside any transaction).
 */
export async function checkSessionsAndSaveChoices(
  db: Db,
  choices: Choice[],
  { now, sessionsAt }: { now: Date; sessionsAt: Date },
): Promise<ChoiceOutcome[]> {
  const rows = await checkSessionsAndSaveChoicesStatement(db, {
    ords: choices.map((_, ord) => ord),
    tokens: choices.map((choice) => choice.token),
    dilemmaIds: choices.map((choice) => choice.globalDilemmaId),
    options: choices.map((choice) => choice.option),
    at: now.toISOString(),
    sessionsAt: sessionsAt.toISOString(),
  });
  // One object per dilemma: every chooser of a batch shares it (and its serialised answer).
  const dilemmasOf = new Map<string, GlobalDilemma>();
  return rows.map((row): ChoiceOutcome => {
    if (row.user_id === null) return { status: "no-session" };
    const userId = row.user_id;
    if (row.id === null) return { status: "no-dilemma", userId };
    const id = row.id;
    let saved = dilemmasOf.get(id);
    if (!saved) {
      saved = Object.freeze(dilemmaOfRow({ ...row, id }));
      dilemmasOf.set(id, saved);
    }
    return { status: "saved", dilemma: saved, userId };
  });
}

/** Choices whose sessions were proven alive a moment ago: one dilemma, one choice per user. */
export interface ProvenChoices {
  globalDilemmaId: string;
  userIds: string[];
  options: Option[];
}

const saveChoicesOfProvenSessionsStatement = namedStatement<
  Omit<DilemmaRow, "signed_in"> & { id: string },
  { globalDilemmaId: string; userIds: string[]; options: Option[]; at: string }
>(
  "save-choices-of-proven-sessions",
  sql`
    WITH changed AS (
      INSERT INTO ${globalSelections} AS s (global_dilemma_id, user_id, option, created_at, updated_at)
      SELECT ${sql.placeholder("globalDilemmaId")}, i.user_id, i.option, ${choicesAt}, ${choicesAt}
      FROM unnest(${sql.placeholder("userIds")}::text[], ${sql.placeholder("options")}::text[])
        AS i (user_id, option)
      WHERE EXISTS (SELECT FROM ${globalDilemmas} g WHERE g.id = ${sql.placeholder("globalDilemmaId")})
      ORDER BY i.user_id
      ${switchOnConflict}
      RETURNING s.option, s.xmax = 0 AS inserted
    )
    UPDATE ${globalDilemmas} g SET count_a = g.count_a + d.a, count_b = g.count_b + d.b
    FROM (SELECT ${counterMoves} FROM changed) d, ${dilemmas} t
    WHERE g.id = ${sql.placeholder("globalDilemmaId")} AND t.id = g.dilemma_id
    RETURNING ${countedDilemma}
  `,
);

/**
 * The lean twin of `checkSessionsAndSaveChoices` (decision 0031), for choices whose sessions this
 * instance proved alive a moment ago: no session is read, and one dilemma's
 * counters move once by what changed. Choices are inserted or switched as there
 * (a repeat changes nothing), in the same order of rows. Answers the dilemma with
 * its counts as this statement left them, or null when there is no such dilemma.
 * A user deleted meanwhile fails it (their choice's key is gone): the caller then
 * checks the sessions after all. It commits on its own (outside any transaction).
 */
export async function saveChoicesOfProvenSessions(
  db: Db,
  { globalDilemmaId, userIds, options }: ProvenChoices,
  { now }: { now: Date },
): Promise<GlobalDilemma | null> {
  const [row] = await saveChoicesOfProvenSessionsStatement(db, {
    globalDilemmaId,
    userIds,
    options,
    at: now.toISOString(),
  });
  return row ? Object.freeze(dilemmaOfRow(row)) : null;
}

/**
 * Hands a guest's choices to the account they signed in to. Where the account
 * already chose, its choice stands and the guest's is taken off the counts; the
 * guest's other choices simply change owner, so the counts stay as they are.
 */
export async function transferSelections(tx: Tx, guestId: string, accountId: string) {
  await tx.execute(sql`
    UPDATE ${globalSelections} AS guest
    SET user_id = ${accountId}
    WHERE guest.user_id = ${guestId}
      AND NOT EXISTS (
        SELECT 1 FROM ${globalSelections} AS mine
        WHERE mine.user_id = ${accountId} AND mine.global_dilemma_id = guest.global_dilemma_id
      )
  `);
  await tx.execute(sql`
    UPDATE ${globalDilemmas} AS g
    SET count_a = g.count_a - (CASE WHEN s.option = 'A' THEN 1 ELSE 0 END),
        count_b = g.count_b - (CASE WHEN s.option = 'B' THEN 1 ELSE 0 END)
    FROM ${globalSelections} AS s
    WHERE s.user_id = ${guestId} AND s.global_dilemma_id = g.id
  `);
  await tx.delete(globalSelections).where(eq(globalSelections.userId, guestId));
}
