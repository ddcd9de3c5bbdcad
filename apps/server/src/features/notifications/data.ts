import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import {
  dilemmas,
  groupMembers,
  groups,
  outbox,
  pushOutbox,
  pushSubscriptions,
  roundSitOuts,
  roundSubmissions,
  rounds,
  user,
  userMailPreferences,
} from "../../db/schema";

/** Which channels a recipient gets a kind by (decision 0076). */
export interface Channels {
  /** Whether pushes go out at all (the server has VAPID keys). */
  push: boolean;
}

/** The person has a device that gets `kind` as a push. */
const pushed = (kind: keyof Preferences, { push }: Channels) =>
  push
    ? sql<boolean>`EXISTS (SELECT 1 FROM ${pushSubscriptions}
        WHERE ${pushSubscriptions.userId} = ${user.id} AND ${kind} = ANY(${pushSubscriptions.kinds}))`
    : sql<boolean>`false`;

/**
 * The e-mail of `kind` goes: the person did not turn it off (every kind is on
 * until then), and no device of theirs gets it as a push instead (one that gets
 * it with `also_email` keeps the e-mail).
 */
const mailed = (kind: keyof Preferences, { push }: Channels) =>
  push
    ? sql<boolean>`coalesce(${userMailPreferences[kind]}, true) AND NOT EXISTS (SELECT 1
        FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${user.id}
        AND ${kind} = ANY(${pushSubscriptions.kinds}) AND NOT ${pushSubscriptions.alsoEmail})`
    : sql<boolean>`coalesce(${userMailPreferences[kind]}, true)`;

/** How a recipient gets `kind`: by e-mail, by push, or both. */
const channelsOf = (kind: keyof Preferences, channels: Channels) => ({
  mail: mailed(kind, channels),
  push: pushed(kind, channels),
});

/**
 * A person who gets this kind: a real account, not a guest, by e-mail or push.
 * Their preferences joined.
 */
const wants = (kind: keyof Preferences, channels: Channels) =>
  sql`${user.isAnonymous} IS NOT TRUE AND (${mailed(kind, channels)} OR ${pushed(kind, channels)})`;

/** The rounds with their groups and dilemmas, for any of the game's e-mails (a round gone has no row). */
export function roundContexts(tx: Tx, roundIds: string[]) {
  return tx
    .select({
      roundId: rounds.id,
      groupId: groups.id,
      groupName: groups.name,
      dilemma: dilemmas.dilemma,
      optionA: dilemmas.optionA,
      optionB: dilemmas.optionB,
      dueDate: rounds.dueDate,
    })
    .from(rounds)
    .innerJoin(groups, eq(groups.id, rounds.groupId))
    .innerJoin(dilemmas, eq(dilemmas.id, rounds.dilemmaId))
    .where(inArray(rounds.id, roundIds));
}

/**
 * Of these people (a closed round's participants, known from its scoring), those
 * who want their results, with their address. By primary key: the results just
 * written are not read back, whatever the planner guesses of their table.
 */
export function resultRecipients(tx: Tx, userIds: string[], channels: Channels) {
  return tx
    .select({ userId: user.id, email: user.email, ...channelsOf("roundResults", channels) })
    .from(user)
    .leftJoin(userMailPreferences, eq(userMailPreferences.userId, user.id))
    .where(and(inArray(user.id, userIds), wants("roundResults", channels)));
}

/** The groups' current members who want to hear of new rounds, each with the group. */
export function newRoundRecipients(tx: Tx, groupIds: string[], channels: Channels) {
  return tx
    .select({
      groupId: groupMembers.groupId,
      userId: user.id,
      email: user.email,
      ...channelsOf("newRounds", channels),
    })
    .from(groupMembers)
    .innerJoin(user, eq(user.id, groupMembers.userId))
    .leftJoin(userMailPreferences, eq(userMailPreferences.userId, user.id))
    .where(and(inArray(groupMembers.groupId, groupIds), wants("newRounds", channels)));
}

/**
 * Whom to remind now: members of an open round not yet due, past its reminder
 * time (24 h before the due date, or half-time for a round under 48 h), who take
 * part in it (not back from leaving it), have not submitted, want reminders, and
 * were not reminded of this round before (by e-mail or push).
 */
export function dueReminders(tx: Tx, now: Date, limit: number, channels: Channels) {
  const remindAt = sql`CASE WHEN ${rounds.dueDate} - ${rounds.startedAt} >= interval '48 hours'
    THEN ${rounds.dueDate} - interval '24 hours'
    ELSE ${rounds.startedAt} + (${rounds.dueDate} - ${rounds.startedAt}) / 2 END`;
  return tx
    .select({
      roundId: rounds.id,
      userId: user.id,
      email: user.email,
      ...channelsOf("reminders", channels),
    })
    .from(rounds)
    .innerJoin(groupMembers, eq(groupMembers.groupId, rounds.groupId))
    .innerJoin(user, eq(user.id, groupMembers.userId))
    .leftJoin(
      roundSubmissions,
      and(eq(roundSubmissions.roundId, rounds.id), eq(roundSubmissions.userId, user.id)),
    )
    .leftJoin(userMailPreferences, eq(userMailPreferences.userId, user.id))
    .leftJoin(outbox, eq(outbox.dedupeKey, sql`'reminder:' || ${rounds.id} || ':' || ${user.id}`))
    .where(
      and(
        isNull(rounds.archivedAt),
        gt(rounds.dueDate, now),
        lte(remindAt, now),
        isNull(roundSubmissions.userId),
        isNull(outbox.id),
        sql`NOT EXISTS (SELECT 1 FROM ${roundSitOuts}
          WHERE ${roundSitOuts.roundId} = ${rounds.id} AND ${roundSitOuts.userId} = ${user.id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${pushOutbox}
          WHERE ${pushOutbox.dedupeKey} = 'reminder:' || ${rounds.id} || ':' || ${user.id})`,
        wants("reminders", channels),
      ),
    )
    .limit(limit);
}

export type Preferences = { reminders: boolean; roundResults: boolean; newRounds: boolean };

export async function findPreferences(tx: Tx, userId: string): Promise<Preferences | null> {
  const [row] = await tx
    .select({
      reminders: userMailPreferences.reminders,
      roundResults: userMailPreferences.roundResults,
      newRounds: userMailPreferences.newRounds,
    })
    .from(userMailPreferences)
    .where(eq(userMailPreferences.userId, userId));
  return row ?? null;
}

export async function savePreferences(
  tx: Tx,
  userId: string,
  changes: Partial<Preferences>,
  now: Date,
) {
  await tx
    .insert(userMailPreferences)
    .values({ userId, ...changes, updatedAt: now })
    .onConflictDoUpdate({
      target: userMailPreferences.userId,
      set: { ...changes, updatedAt: now },
    });
}

export async function userExists(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return Boolean(row);
}
