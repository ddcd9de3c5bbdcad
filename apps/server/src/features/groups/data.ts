import { and, asc, count, eq, sql } from "drizzle-orm";
import { firstOrNull, type Tx } from "../../db/client";
import { groupMembers, groupRemovals, groups, session, user } from "../../db/schema";
import type { Proven } from "../../lib/auth/access";
import { shownName } from "../../lib/auth/user-sql";

export type GroupRow = typeof groups.$inferSelect;

/** A group the viewer was proven to belong to (groups service, `memberOf`). */
export type MemberGroupId = Proven<string, "group-member">;
/** A group the viewer was proven to run. */
export type AdminGroupId = Proven<string, "group-member" | "group-admin">;
/** A group whose current invite code the viewer showed. */
export type InvitedGroupId = Proven<string, "group-invite">;

export async function insertGroup(tx: Tx, group: typeof groups.$inferInsert): Promise<GroupRow> {
  const [row] = await tx.insert(groups).values(group).returning();
  if (!row) throw new Error("the group insert returned no row");
  return row;
}

export async function insertMember(
  tx: Tx,
  member: { groupId: InvitedGroupId; userId: string; joinedAt: Date },
) {
  await tx.insert(groupMembers).values(member).onConflictDoNothing();
}

export async function findGroupByInviteCode(tx: Tx, code: string): Promise<GroupRow | null> {
  return firstOrNull(await tx.select().from(groups).where(eq(groups.inviteCode, code)));
}

/** The group, locked until the transaction ends: joins and edits of one group go one at a time. */
export async function lockGroup(tx: Tx, groupId: string): Promise<GroupRow | null> {
  return firstOrNull(await tx.select().from(groups).where(eq(groups.id, groupId)).for("update"));
}

/** The group and whether `userId` belongs to it, in one statement; null when there is no such group. */
export async function findGroupFor(
  tx: Tx,
  groupId: string,
  userId: string,
): Promise<{ group: GroupRow; isMember: boolean } | null> {
  const row = firstOrNull(
    await tx
      .select({ group: groups, memberId: groupMembers.userId })
      .from(groups)
      .leftJoin(
        groupMembers,
        and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)),
      )
      .where(eq(groups.id, groupId)),
  );
  return row && { group: row.group, isMember: row.memberId !== null };
}

export async function isMember(tx: Tx, groupId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return rows.length > 0;
}

/**
 * Whether `userId` still belongs to the group AND still holds the session
 * `sessionId`, not banned: what a live stream checks once it listens, since a
 * sign-out or removal before that moment told it nothing.
 */
export async function stillFollowing(
  tx: Tx,
  { groupId, userId, sessionId }: { groupId: string; userId: string; sessionId: string },
): Promise<boolean> {
  const rows = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(session, and(eq(session.id, sessionId), eq(session.userId, groupMembers.userId)))
    .innerJoin(user, and(eq(user.id, groupMembers.userId), sql`${user.banned} IS NOT TRUE`))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return rows.length > 0;
}

export async function countMembers(tx: Tx, groupId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return row?.n ?? 0;
}

/** The members with what others see of them: the admin first, then by when they joined. */
export function listMembers(
  tx: Tx,
  group: { id: MemberGroupId | InvitedGroupId; adminId: string },
) {
  return tx
    .select({
      id: user.id,
      displayName: shownName,
      photoURL: user.image,
      admin: sql<boolean>`${user.id} = ${group.adminId}`,
    })
    .from(groupMembers)
    .innerJoin(user, eq(user.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, group.id))
    .orderBy(sql`${user.id} = ${group.adminId} DESC`, asc(groupMembers.joinedAt), asc(user.id));
}

/** The groups `userId` belongs to, newest first, each with its member count. */
export function listGroupsOf(tx: Tx, userId: string) {
  const memberCount = tx
    .select({ groupId: groupMembers.groupId, n: count().as("n") })
    .from(groupMembers)
    .groupBy(groupMembers.groupId)
    .as("member_count");
  return tx
    .select({
      id: groups.id,
      name: groups.name,
      maxMembers: groups.maxMembers,
      daysBetweenRounds: groups.daysBetweenRounds,
      admin: groups.adminId,
      memberCount: sql<number>`coalesce(${memberCount.n}, 0)::int`,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .leftJoin(memberCount, eq(memberCount.groupId, groups.id))
    .where(eq(groupMembers.userId, userId))
    .orderBy(sql`${groups.createdAt} DESC`, asc(groups.id));
}

export async function updateGroup(
  tx: Tx,
  groupId: AdminGroupId,
  values: Pick<GroupRow, "name" | "maxMembers" | "daysBetweenRounds" | "updatedAt"> &
    Partial<Pick<GroupRow, "autoApproveDilemmas">>,
) {
  await tx.update(groups).set(values).where(eq(groups.id, groupId));
}

export async function setInviteCode(tx: Tx, groupId: AdminGroupId, inviteCode: string, now: Date) {
  await tx.update(groups).set({ inviteCode, updatedAt: now }).where(eq(groups.id, groupId));
}

/** Deletes the group; its members, and later its rounds and votes, go with it (cascade). */
export async function deleteGroup(tx: Tx, groupId: AdminGroupId) {
  await tx.delete(groups).where(eq(groups.id, groupId));
}

export async function deleteMember(
  tx: Tx,
  groupId: MemberGroupId,
  userId: string,
): Promise<boolean> {
  const deleted = await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .returning({ userId: groupMembers.userId });
  return deleted.length > 0;
}

/** Keeps that the admin removed `userId`, with the group's invite code of now: that link no longer lets them in. */
export async function recordRemoval(tx: Tx, groupId: AdminGroupId, userId: string, now: Date) {
  const code = sql`(SELECT ${groups.inviteCode} FROM ${groups} WHERE ${groups.id} = ${groupId})`;
  await tx
    .insert(groupRemovals)
    .values({ groupId, userId, inviteCode: code, removedAt: now })
    .onConflictDoUpdate({
      target: [groupRemovals.groupId, groupRemovals.userId],
      set: { inviteCode: code, removedAt: now },
    });
}

/** Whether the admin removed `userId` while `inviteCode` was the group's link. */
export async function removedWithCode(
  tx: Tx,
  group: { id: string; inviteCode: string },
  userId: string,
): Promise<boolean> {
  const rows = await tx
    .select({ userId: groupRemovals.userId })
    .from(groupRemovals)
    .where(
      and(
        eq(groupRemovals.groupId, group.id),
        eq(groupRemovals.userId, userId),
        eq(groupRemovals.inviteCode, group.inviteCode),
      ),
    );
  return rows.length > 0;
}

/** The groups `userId` belongs to, each locked until the transaction ends, in one order. */
export function lockGroupsOf(tx: Tx, userId: string) {
  return tx
    .select({ id: groups.id, name: groups.name, adminId: groups.adminId })
    .from(groups)
    .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groups.id))
    .for("update", { of: groups });
}

/** The member longest in the group, `leaving` aside: who runs it next (decision 0078). */
export async function longestStandingMember(tx: Tx, groupId: string, leaving: string) {
  return firstOrNull(
    await tx
      .select({ id: user.id, email: user.email, displayName: shownName })
      .from(groupMembers)
      .innerJoin(user, eq(user.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, groupId), sql`${groupMembers.userId} <> ${leaving}`))
      .orderBy(asc(groupMembers.joinedAt), asc(user.id))
      .limit(1),
  );
}

export async function setAdmin(tx: Tx, groupId: AdminGroupId, adminId: string, now: Date) {
  await tx.update(groups).set({ adminId, updatedAt: now }).where(eq(groups.id, groupId));
}

/** The groups `userId` is in, with their role and since when: their export's part. */
export function membershipsOf(tx: Tx, userId: string) {
  return tx
    .select({
      id: groups.id,
      name: groups.name,
      adminId: groups.adminId,
      joinedAt: groupMembers.joinedAt,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.joinedAt), asc(groups.id));
}
