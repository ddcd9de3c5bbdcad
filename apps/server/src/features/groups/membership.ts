import {
  groupMessages,
  INVITE_MISSES_PER_HOUR,
  type Invitation,
} from "@eitheror/shared/groups/schema";
import type { Unit } from "../../db/transaction";
import type { PlayerViewer } from "../../lib/auth/access";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { AppError, conflict, forbidden, invariant, notFound } from "../../lib/http/errors";
import { publishAfterCommit } from "../../lib/live/events";
import type { RateLimiter, RateRule } from "../rate-limits/service";
import {
  type AdminGroupId,
  countMembers,
  deleteGroup,
  deleteMember,
  findGroupByInviteCode,
  findGroupFor,
  type GroupRow,
  type InvitedGroupId,
  insertMember,
  isMember,
  listMembers,
  lockGroup,
  lockGroupsOf,
  longestStandingMember,
  type MemberGroupId,
  recordRemoval,
  removedWithCode,
  setAdmin,
} from "./data";

const HOUR_MS = 60 * 60 * 1000;
const NO_SUCH_GROUP = "This group does not exist.";
export const noSuchGroup = () => notFound(NO_SUCH_GROUP);
const removedFromGroup = () =>
  new AppError(403, groupMessages.removedFromGroup, { code: "removed_from_group" });

/** Who the viewer is in one group. Strangers never learn the group exists. */
export interface Membership {
  viewer: PlayerViewer;
  group: GroupRow;
  groupId: MemberGroupId;
  role: "member" | "admin";
}

/** Answers "who is this viewer in this group", once, for every groups and rounds call. */
export function createGroupAccess({ db, access }: Core) {
  async function memberOf(viewer: Viewer, groupId: string, tx = db): Promise<Membership> {
    const player = access.player(viewer);
    const found = await findGroupFor(tx, groupId, player.user.id);
    if (!found?.isMember) throw noSuchGroup();
    const { group } = found;
    const role = group.adminId === player.user.id ? "admin" : "member";
    return { viewer: player, group, groupId: group.id as MemberGroupId, role };
  }

  async function adminOf(viewer: Viewer, groupId: string, tx = db) {
    const membership = await memberOf(viewer, groupId, tx);
    if (membership.role !== "admin") throw forbidden("Only the group's admin can do this.");
    return { ...membership, groupId: membership.groupId as AdminGroupId };
  }

  return { memberOf, adminOf };
}

export type GroupAccess = ReturnType<typeof createGroupAccess>;

/** What guessing invite codes may cost: the configuration's INVITE_MISS_LIMIT_PER_IP. */
export interface InviteGuardOptions {
  limiter: RateLimiter;
  inviteMissesPerIpPerHour: number;
}

/**
 * Guessing invite codes: only wrong or stale codes count, so friends opening a
 * good link never use the allowance up. Each try is counted before it is made
 * (many at once cannot slip past the limit) and given back when the code was
 * good; once a guesser is refused, a right guess is refused too and teaches nothing.
 */
function createInviteGuard({ limiter, inviteMissesPerIpPerHour }: InviteGuardOptions) {
  const missesPerUser: RateRule = {
    limit: INVITE_MISSES_PER_HOUR,
    windowMs: HOUR_MS,
    message: groupMessages.tooManyInviteMisses,
  };
  const missesPerIp: RateRule = {
    limit: inviteMissesPerIpPerHour,
    windowMs: HOUR_MS,
    message: groupMessages.tooManyInviteMissesFromNetwork,
  };
  const keys = (viewer: Viewer, ip: string) =>
    [
      [`invite-miss:user:${viewer.user.id}`, missesPerUser],
      [`invite-miss:ip:${ip}`, missesPerIp],
    ] as const;
  return {
    async beforeTry(viewer: Viewer, ip: string) {
      for (const [key, rule] of keys(viewer, ip)) await limiter.hit(key, rule);
    },
    /** The code was good: the try is given back. */
    async goodCode(viewer: Viewer, ip: string) {
      for (const [key] of keys(viewer, ip)) await limiter.refund(key);
    },
  };
}

/** An invitation as `viewerId` sees it. */
function invitationOf(
  group: GroupRow,
  members: Invitation["members"],
  viewerId: string,
  wasRemoved: boolean,
): Invitation {
  const { name, maxMembers } = group;
  const memberCount = members.length;
  return {
    id: group.id,
    name,
    members,
    memberCount,
    maxMembers,
    isFull: memberCount >= maxMembers,
    isMember: members.some((member) => member.id === viewerId),
    wasRemoved,
  };
}

/**
 * Adds someone to a group whose row lock the unit holds, unless they belong
 * already, the admin removed them while this link was the group's, or it is full.
 * True when they were added.
 */
async function addMember(
  { clock, events }: Core,
  unit: Unit,
  group: GroupRow,
  userId: string,
): Promise<boolean> {
  const { tx } = unit;
  if (await isMember(tx, group.id, userId)) return false;
  if (await removedWithCode(tx, group, userId)) throw removedFromGroup();
  if ((await countMembers(tx, group.id)) >= group.maxMembers) {
    throw conflict("group_full", groupMessages.groupFull);
  }
  const invited = group.id as InvitedGroupId;
  await insertMember(tx, { groupId: invited, userId, joinedAt: clock.now() });
  publishAfterCommit(unit, events, group.id, { type: "members-changed" });
  return true;
}

/**
 * What another feature does, inside the same transaction, when someone stops
 * being a member (rounds drop them from the open round: docs/game-rules.md).
 */
export type LeaveHook = (unit: Unit, groupId: MemberGroupId, userId: string) => Promise<void>;
/**
 * What another feature does, inside the join's transaction (with the group's row
 * locked), once someone new is a member (rounds start a waiting group's next round).
 */
export type JoinHook = (unit: Unit, groupId: string) => Promise<void>;

/**
 * Takes someone out of a group, with what the leave hooks do, in one
 * transaction; false when they were not in it. A removal (the admin's) also
 * keeps the link of the moment from letting them back.
 */
function dropMember(
  core: Core,
  leaveHooks: LeaveHook[],
  groupId: MemberGroupId,
  userId: string,
  removedFrom?: AdminGroupId,
): Promise<boolean> {
  return core.transaction((unit) =>
    dropInUnit(core, unit, leaveHooks, { groupId, userId, removedFrom }),
  );
}

/** `dropMember` in the caller's unit. */
async function dropInUnit(
  { events, clock }: Core,
  unit: Unit,
  leaveHooks: LeaveHook[],
  {
    groupId,
    userId,
    removedFrom,
  }: { groupId: MemberGroupId; userId: string; removedFrom?: AdminGroupId },
): Promise<boolean> {
  if (!(await deleteMember(unit.tx, groupId, userId))) return false;
  if (removedFrom) await recordRemoval(unit.tx, removedFrom, userId, clock.now());
  publishAfterCommit(unit, events, groupId, { type: "members-changed" });
  for (const hook of leaveHooks) await hook(unit, groupId, userId);
  return true;
}

/** A group whose deleted admin handed it on: to whom, so they can be told. */
export interface Handover {
  groupId: string;
  groupName: string;
  newAdmin: { id: string; email: string; displayName: string | null };
}

/**
 * Takes a deleted account out of every group, in the caller's unit (decision
 * 0078): a group it ran passes to its longest-standing other member, one left
 * empty is deleted, and an open round drops it as it drops a leaver.
 */
async function forgetInUnit(
  core: Core,
  unit: Unit,
  leaveHooks: LeaveHook[],
  userId: string,
): Promise<Handover[]> {
  const handovers: Handover[] = [];
  for (const group of await lockGroupsOf(unit.tx, userId)) {
    const id = group.id as AdminGroupId;
    if (group.adminId === userId) {
      const next = await longestStandingMember(unit.tx, id, userId);
      if (!next) {
        await deleteGroup(unit.tx, id);
        publishAfterCommit(unit, core.events, id, { type: "group-deleted" });
        continue;
      }
      await setAdmin(unit.tx, id, next.id, core.clock.now());
      publishAfterCommit(unit, core.events, id, { type: "group-changed" });
      handovers.push({ groupId: id, groupName: group.name, newAdmin: next });
    }
    await dropInUnit(core, unit, leaveHooks, { groupId: id, userId });
  }
  return handovers;
}

/** Invitations, joining, leaving and removal. */
export function createMembership(
  core: Core,
  groupAccess: GroupAccess,
  options: InviteGuardOptions,
) {
  const { db, transaction, access } = core;
  const inviteGuard = createInviteGuard(options);
  const leaveHooks: LeaveHook[] = [];
  const joinHooks: JoinHook[] = [];
  return {
    onMemberLeaving(hook: LeaveHook) {
      leaveHooks.push(hook);
    },
    onMemberJoined(hook: JoinHook) {
      joinHooks.push(hook);
    },
    /** Anyone with a session (guests too) may look at an invitation. */
    async invitation(viewer: Viewer, code: string, ip: string): Promise<Invitation> {
      await inviteGuard.beforeTry(viewer, ip);
      const group = invariant(await findGroupByInviteCode(db, code), noSuchGroup);
      await inviteGuard.goodCode(viewer, ip);
      const id = group.id as InvitedGroupId;
      const members = await listMembers(db, { id, adminId: group.adminId });
      const removed = await removedWithCode(db, group, viewer.user.id);
      return invitationOf(group, members, viewer.user.id, removed);
    },
    /**
     * Joins with the group's current invite code (not the one of the moment the
     * admin removed the viewer). The group's row lock makes concurrent joins count
     * one after another: never more than maxMembers, and the join hooks of one
     * join see the ones before it.
     */
    async join(viewer: Viewer, groupId: string, inviteCode: string, ip: string) {
      const player = access.player(viewer);
      await inviteGuard.beforeTry(player, ip);
      let missed = false;
      const tryToJoin = transaction(async (unit) => {
        const group = await lockGroup(unit.tx, groupId);
        missed = !group || group.inviteCode !== inviteCode;
        if (!group || missed) throw noSuchGroup();
        if (!(await addMember(core, unit, group, player.user.id))) return;
        for (const hook of joinHooks) await hook(unit, group.id);
      });
      // A good code (joined, or the group is full) is given back once the transaction
      // is over: on PGlite the limiter would wait for the connection it holds.
      await tryToJoin.finally(() => (missed ? undefined : inviteGuard.goodCode(player, ip)));
    },
    /** A deleted account leaves every group (decision 0078): answers the groups handed on. */
    forget: (unit: Unit, userId: string) => forgetInUnit(core, unit, leaveHooks, userId),
    async leave(viewer: Viewer, groupId: string) {
      const { role, groupId: id, viewer: player } = await groupAccess.memberOf(viewer, groupId);
      if (role === "admin") throw conflict("admin_cannot_leave", groupMessages.adminCannotLeave);
      await dropMember(core, leaveHooks, id, player.user.id);
    },
    async removeMember(viewer: Viewer, groupId: string, memberId: string) {
      const { groupId: id, viewer: admin } = await groupAccess.adminOf(viewer, groupId);
      if (memberId === admin.user.id) {
        throw conflict("admin_cannot_leave", groupMessages.adminCannotLeave);
      }
      if (!(await dropMember(core, leaveHooks, id, memberId, id))) {
        throw notFound("This person is not a member of the group.");
      }
    },
  };
}
