import { type SQL, sql } from "drizzle-orm";
import { type Db, namedStatement } from "../../db/client";
import { groupMembers, roundSitOuts, roundSubmissions, rounds, votes } from "../../db/schema";
import type { SessionToken } from "../../lib/auth/provider";
import { isPlayer, liveSessionJoin, sessionUser } from "../../lib/auth/user-sql";

export interface QuickVote {
  token: SessionToken;
  groupId: string;
  roundId: string;
  selectedFor: string;
  /** Undefined: keep what was saved. */
  optionSelected?: "A" | "B" | null;
  comments?: string | null;
}

/** What the statement found for one vote, each check on its own (false when it could not tell). */
export interface QuickVoteChecks {
  signedIn: boolean;
  /** The round is this group's, open and not due (as it is once locked). */
  open: boolean;
  /** Nothing changed the round while the statement waited for it: the other checks hold. */
  current: boolean;
  /** The voter is a member taking part in the round (not sitting it out). */
  member: boolean;
  /** So is the member voted for. */
  targetMember: boolean;
  submitted: boolean;
}

export interface SavedVote {
  selectedBy: string;
  selectedFor: string;
  optionSelected: "A" | "B" | null;
  comments: string | null;
}

export type QuickVoteOutcome =
  | { status: "saved"; vote: SavedVote }
  | { status: "declined"; checks: QuickVoteChecks };

interface QuickVoteRow {
  signed_in: boolean;
  open: boolean;
  current: boolean;
  member: boolean;
  target_member: boolean;
  submitted: boolean;
  selected_by: string | null;
  selected_for: string | null;
  option_selected: "A" | "B" | null;
  comments: string | null;
}

/**
 * The upserts of the allowed votes, one per way of saving (a field left out keeps
 * what was saved), each with its own fixed SET: `excluded` cannot tell "keep" from null.
 */
function upserts(now: SQL): SQL {
  const ways = [
    { keepOption: false, keepComments: false },
    { keepOption: true, keepComments: false },
    { keepOption: false, keepComments: true },
    { keepOption: true, keepComments: true },
  ];
  const parts = ways.map(({ keepOption, keepComments }, n) => {
    const set = [
      keepOption ? null : sql`option_selected = excluded.option_selected`,
      keepComments ? null : sql`comments = excluded.comments`,
      sql`updated_at = excluded.updated_at`,
    ].filter((part): part is SQL => part !== null);
    return sql`saved_${sql.raw(String(n))} AS (
      INSERT INTO ${votes} AS v (round_id, selected_by, selected_for, option_selected, comments, updated_at)
      SELECT round_id, user_id, selected_for, option, comments, ${now} FROM allowed
      WHERE keep_option = ${sql.raw(String(keepOption))} AND keep_comments = ${sql.raw(String(keepComments))}
      ORDER BY round_id, user_id, selected_for
      ON CONFLICT (round_id, selected_by, selected_for) DO UPDATE SET ${sql.join(set, sql`, `)}
      RETURNING v.round_id, v.selected_by, v.selected_for, v.option_selected, v.comments
    )`;
  });
  return sql.join(parts, sql`, `);
}

const votesAt = sql`${sql.placeholder("at")}::timestamptz`;
const saveVotesStatement = namedStatement<
  QuickVoteRow,
  {
    ords: number[];
    tokens: string[];
    groupIds: string[];
    roundIds: string[];
    selectedFor: string[];
    keepOption: boolean[];
    options: ("A" | "B" | null)[];
    keepComments: boolean[];
    comments: (string | null)[];
    at: string;
    sessionsAt: string;
  }
>(
  "save-votes",
  sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${sql.placeholder("ords")}::int[], ${sql.placeholder("tokens")}::text[],
        ${sql.placeholder("groupIds")}::text[], ${sql.placeholder("roundIds")}::text[],
        ${sql.placeholder("selectedFor")}::text[],
        ${sql.placeholder("keepOption")}::boolean[],
        ${sql.placeholder("options")}::text[],
        ${sql.placeholder("keepComments")}::boolean[],
        ${sql.placeholder("comments")}::text[]
      ) AS i (ord, token, group_id, round_id, selected_for, keep_option, option, keep_comments, comments)
    ),
    voter AS (
      SELECT i.ord, u.id AS user_id FROM input i ${liveSessionJoin}
      WHERE ${isPlayer(sessionUser)}
    ),
    seen AS (
      SELECT r.id, r.xmin::text AS version FROM ${rounds} r
      WHERE r.id IN (SELECT round_id FROM input)
    ),
    locked AS (
      SELECT r.id, r.group_id, r.xmin::text AS version FROM ${rounds} r
      WHERE r.id IN (SELECT round_id FROM input) AND r.archived_at IS NULL AND r.due_date > ${votesAt}
      ORDER BY r.id
      FOR SHARE
    ),
    checks AS (
      SELECT i.*, v.user_id,
        v.user_id IS NOT NULL AS signed_in,
        coalesce(l.group_id = i.group_id, false) AS open,
        coalesce(l.version = s.version, false) AS current,
        EXISTS (SELECT 1 FROM ${groupMembers} m WHERE m.group_id = i.group_id AND m.user_id = v.user_id)
          AND NOT EXISTS (SELECT 1 FROM ${roundSitOuts} o
                          WHERE o.round_id = i.round_id AND o.user_id = v.user_id) AS member,
        EXISTS (SELECT 1 FROM ${groupMembers} m
                WHERE m.group_id = i.group_id AND m.user_id = i.selected_for)
          AND NOT EXISTS (SELECT 1 FROM ${roundSitOuts} o
                          WHERE o.round_id = i.round_id AND o.user_id = i.selected_for)
          AS target_member,
        EXISTS (SELECT 1 FROM ${roundSubmissions} x
                WHERE x.round_id = i.round_id AND x.user_id = v.user_id) AS submitted
      FROM input i
      LEFT JOIN voter v ON v.ord = i.ord
      LEFT JOIN locked l ON l.id = i.round_id
      LEFT JOIN seen s ON s.id = i.round_id
    ),
    allowed AS (
      -- One vote per voter and member: of a person's two sessions in one batch, the later.
      SELECT DISTINCT ON (round_id, user_id, selected_for) * FROM checks
      WHERE signed_in AND open AND current AND member AND target_member AND NOT submitted
      ORDER BY round_id, user_id, selected_for, ord DESC
    ),
    ${upserts(votesAt)},
    saved AS (
      SELECT * FROM saved_0 UNION ALL SELECT * FROM saved_1
      UNION ALL SELECT * FROM saved_2 UNION ALL SELECT * FROM saved_3
    )
    SELECT c.ord, c.signed_in, c.open, c.current, c.member, c.target_member, c.submitted,
      s.selected_by, s.selected_for, s.option_selected, s.comments
    FROM checks c
    LEFT JOIN saved s ON s.round_id = c.round_id AND s.selected_by = c.user_id
      AND s.selected_for = c.selected_for
    ORDER BY c.ord
  `,
);

/**
 * Many members' votes in one statement (decision 0024), each saved when nothing
 * stands in its way: the session alive and a player's, the round this group's,
 * open and not due, voter and member both taking part in it (in the group, not
 * sitting the round out), no submission by the voter. (The allowances are
 * counted before, by the rate limiter.)
 *
 * The rounds are locked FOR SHARE, as the slow path does, so a vote never goes
 * beside a submit, a leave or a closing. Those write a new version of the round's
 * row (lockRound), so a vote that waited for one sees a newer version than its
 * snapshot read: its other checks may be out of date (`current` false), and it
 * saves nothing. Declining is always safe: the caller tries again, or takes the
 * slow path, which words a refusal. Answers each vote's outcome, in order.
 */
export async function saveVotes(
  db: Db,
  list: QuickVote[],
  { now, sessionsAt }: { now: Date; sessionsAt: Date },
): Promise<QuickVoteOutcome[]> {
  const rows = await saveVotesStatement(db, {
    ords: list.map((_, ord) => ord),
    tokens: list.map((vote) => vote.token),
    groupIds: list.map((vote) => vote.groupId),
    roundIds: list.map((vote) => vote.roundId),
    selectedFor: list.map((vote) => vote.selectedFor),
    keepOption: list.map((vote) => vote.optionSelected === undefined),
    options: list.map((vote) => vote.optionSelected ?? null),
    keepComments: list.map((vote) => vote.comments === undefined),
    comments: list.map((vote) => vote.comments ?? null),
    at: now.toISOString(),
    sessionsAt: sessionsAt.toISOString(),
  });
  return rows.map(outcomeOf);
}

function outcomeOf(row: QuickVoteRow): QuickVoteOutcome {
  const { selected_by, selected_for, option_selected, comments } = row;
  if (selected_by !== null && selected_for !== null) {
    return {
      status: "saved",
      vote: {
        selectedBy: selected_by,
        selectedFor: selected_for,
        optionSelected: option_selected,
        comments,
      },
    };
  }
  const { signed_in, open, current, member, target_member, submitted } = row;
  const checks = { signedIn: signed_in, open, current, member, submitted };
  return { status: "declined", checks: { ...checks, targetMember: target_member } };
}
