import { randomBytes } from "node:crypto";
import type { GroupEvent } from "@eitheror/shared/groups/events";
import {
  type GroupData,
  type GroupFields,
  type GroupSummary,
  groupMessages,
  INVITE_CODE_BYTES,
  INVITE_MISSES_PER_HOUR,
  type Invitation,
} from "@eitheror/shared/groups/schema";
import type { PlayerViewer } from "../../lib/access";
import type { Core } from "../../lib/core";
import { AppError, conflict, forbidden, invariant, notFound } from "../../lib/errors";
import { publishAfterCommit } from "../../lib/events";
import type { Viewer } from "../../lib/identity";
import type { Unit } from "../../lib/transaction";
import type { RateLimiter, RateRule } from "../rate-limits/service";
import {
  type AdminGroupId,
  countMembers,
  deleteGroup,
  deleteMember,
  findGroup,
  findGroupByInviteCode,
  type GroupRow,
  type InvitedGroupId,
  insertGroup,
  insertMember,
  isMember,
  listGroupsOf,
  listMembers,
  lockGroup,
  type MemberGroupId,
  setInviteCode,
  updateGroup,
} from "./data";

export type { AdminGroupId, MemberGroupId } from "./data";

const HOUR_MS = 60 * 60 * 1000;
const NO_SUCH_GROUP = "This group does not exist.";
const noSuchGroup = () => notFound(NO_SUCH_GROUP);
const newInviteCode = () => randomBytes(INVITE_CODE_BYTES).toString("base64url");

/** Who the viewer is in one group. Strangers never learn the group exists. */
export interface Membership {
  viewer: PlayerViewer;
  group: GroupRow;
  groupId: MemberGroupId;
  role: "member" | "admin";
}

/** Answers "who is this viewer in this group", once, for every groups and rounds call. */
function createGroupAccess({ db, access }: Core) {
  async function memberOf(viewer: Viewer, groupId: string, tx = db): Promise<Membership> {
    const player = access.player(viewer);
    const group = invariant(await findGroup(tx, groupId), noSuchGroup);
    if (!(await isMember(tx, group.id, player.user.id))) throw noSuchGroup();
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

/** A group as its members see it. */
async function groupDataOf(unit: Pick<Unit, "tx">, group: GroupRow, id: MemberGroupId) {
  const members = await listMembers(unit.tx, { id, adminId: group.adminId });
  const { name, maxMembers, daysBetweenRounds, inviteCode, adminId } = group;
  return { id, name, maxMembers, daysBetweenRounds, inviteCode, admin: adminId, members };
}

/** Allowances from the configuration (GROUP_LIMIT_PER_USER, GROUP_LIMIT_PER_IP, INVITE_MISS_LIMIT_PER_IP). */
export interface GroupLimits {
  groupsPerUserPerHour: number;
  groupsPerIpPerHour: number;
  inviteMissesPerIpPerHour: number;
}

export interface GroupsOptions {
  limiter: RateLimiter;
  limits: GroupLimits;
}

function groupRules(limits: GroupLimits) {
  const { groupsPerUserPerHour, groupsPerIpPerHour, inviteMissesPerIpPerHour } = limits;
  return {
    createdPerUser: {
      limit: groupsPerUserPerHour,
      windowMs: HOUR_MS,
      message: groupMessages.tooManyGroups,
    },
    createdPerIp: {
      limit: groupsPerIpPerHour,
      windowMs: HOUR_MS,
      message: groupMessages.tooManyGroupsFromNetwork,
    },
    missesPerUser: {
      limit: INVITE_MISSES_PER_HOUR,
      windowMs: HOUR_MS,
      message: groupMessages.tooManyInviteMisses,
    },
    missesPerIp: {
      limit: inviteMissesPerIpPerHour,
      windowMs: HOUR_MS,
      message: groupMessages.tooManyInviteMissesFromNetwork,
    },
  } satisfies Record<string, RateRule>;
}

/**
 * Guessing invite codes: only wrong or stale codes count, so friends opening a
 * good link never use the allowance up. Each try is counted before it is made
 * (many at once cannot slip past the limit) and given back when the code was
 * good; once a guesser is refused, a right guess is refused too and teaches nothing.
 */
function createInviteGuard({ limiter, limits }: GroupsOptions) {
  const rules = groupRules(limits);
  const keys = (viewer: Viewer, ip: string) =>
    [
      [`invite-miss:user:${viewer.user.id}`, rules.missesPerUser],
      [`invite-miss:ip:${ip}`, rules.missesPerIp],
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

/** Creating, reading, editing and deleting groups. */
function createGroupManagement(
  core: Core,
  groupAccess: ReturnType<typeof createGroupAccess>,
  { limiter, limits }: GroupsOptions,
) {
  const { db, transaction, clock, access, events } = core;
  const rules = groupRules(limits);
  return {
    async create(viewer: Viewer, fields: GroupFields, ip: string): Promise<{ groupId: string }> {
      const player = access.player(viewer);
      await limiter.hit(`group-create:user:${player.user.id}`, rules.createdPerUser);
      await limiter.hit(`group-create:ip:${ip}`, rules.createdPerIp);
      return transaction(async ({ tx }) => {
        const now = clock.now();
        const group = await insertGroup(tx, {
          ...fields,
          inviteCode: newInviteCode(),
          adminId: player.user.id,
          createdAt: now,
          updatedAt: now,
        });
        const groupId = group.id as InvitedGroupId;
        await insertMember(tx, { groupId, userId: player.user.id, joinedAt: now });
        return { groupId: group.id };
      });
    },
    async list(viewer: Viewer): Promise<GroupSummary[]> {
      return listGroupsOf(db, access.player(viewer).user.id);
    },
    async get(viewer: Viewer, groupId: string): Promise<GroupData> {
      const { group, groupId: id } = await groupAccess.memberOf(viewer, groupId);
      return groupDataOf({ tx: db }, group, id);
    },
    /** Max members may not go below today's count: the check and the change hold the group's lock. */
    async update(viewer: Viewer, groupId: string, fields: GroupFields): Promise<GroupData> {
      return transaction(async (unit) => {
        const { groupId: id } = await groupAccess.adminOf(viewer, groupId, unit.tx);
        const locked = invariant(await lockGroup(unit.tx, id), noSuchGroup);
        const members = await countMembers(unit.tx, id);
        if (fields.maxMembers < members) {
          const message = groupMessages.maxBelowMembers(members);
          throw new AppError(400, message, { code: "max_below_members", messages: [message] });
        }
        await updateGroup(unit.tx, id, { ...fields, updatedAt: clock.now() });
        publishAfterCommit(unit, events, id, { type: "group-changed" });
        return groupDataOf(unit, { ...locked, ...fields }, id);
      });
    },
    async remove(viewer: Viewer, groupId: string) {
      const { groupId: id } = await groupAccess.adminOf(viewer, groupId);
      await transaction(async (unit) => {
        await deleteGroup(unit.tx, id);
        publishAfterCommit(unit, events, id, { type: "group-deleted" });
      });
    },
    async resetInviteCode(viewer: Viewer, groupId: string) {
      const { groupId: id } = await groupAccess.adminOf(viewer, groupId);
      const inviteCode = newInviteCode();
      await setInviteCode(db, id, inviteCode, clock.now());
      return { inviteCode };
    },
  };
}

/**
 * What another feature does, inside the same transaction, when someone stops
 * being a member (rounds drop them from the open round: docs/game-rules.md).
 */
export type LeaveHook = (unit: Unit, groupId: MemberGroupId, userId: string) => Promise<void>;

/** Invitations, joining, leaving and removal. */
function createMembership(
  core: Core,
  groupAccess: ReturnType<typeof createGroupAccess>,
  options: GroupsOptions,
) {
  const { db, transaction, clock, access, events } = core;
  const inviteGuard = createInviteGuard(options);
  const leaveHooks: LeaveHook[] = [];
  async function dropMember(groupId: MemberGroupId, userId: string): Promise<boolean> {
    return transaction(async (unit) => {
      if (!(await deleteMember(unit.tx, groupId, userId))) return false;
      publishAfterCommit(unit, events, groupId, { type: "members-changed" });
      for (const hook of leaveHooks) await hook(unit, groupId, userId);
      return true;
    });
  }
  return {
    onMemberLeaving(hook: LeaveHook) {
      leaveHooks.push(hook);
    },
    /** Anyone with a session (guests too) may look at an invitation. */
    async invitation(viewer: Viewer, code: string, ip: string): Promise<Invitation> {
      await inviteGuard.beforeTry(viewer, ip);
      const group = invariant(await findGroupByInviteCode(db, code), noSuchGroup);
      await inviteGuard.goodCode(viewer, ip);
      const id = group.id as InvitedGroupId;
      const members = await listMembers(db, { id, adminId: group.adminId });
      const { name, maxMembers } = group;
      const memberCount = members.length;
      const isMember = members.some((member) => member.id === viewer.user.id);
      return {
        id,
        name,
        members,
        memberCount,
        maxMembers,
        isFull: memberCount >= maxMembers,
        isMember,
      };
    },
    /**
     * Joins with the group's current invite code. The group's row lock makes
     * concurrent joins count one after another: never more than maxMembers.
     */
    async join(viewer: Viewer, groupId: string, inviteCode: string, ip: string) {
      const player = access.player(viewer);
      await inviteGuard.beforeTry(player, ip);
      let missed = false;
      const tryToJoin = transaction(async (unit) => {
        const { tx } = unit;
        const group = await lockGroup(tx, groupId);
        missed = !group || group.inviteCode !== inviteCode;
        if (!group || missed) throw noSuchGroup();
        if (await isMember(tx, group.id, player.user.id)) return;
        if ((await countMembers(tx, group.id)) >= group.maxMembers) {
          throw conflict("group_full", groupMessages.groupFull);
        }
        const invited = group.id as InvitedGroupId;
        await insertMember(tx, { groupId: invited, userId: player.user.id, joinedAt: clock.now() });
        publishAfterCommit(unit, events, group.id, { type: "members-changed" });
      });
      // A good code (joined, or the group is full) is given back once the transaction
      // is over: on PGlite the limiter would wait for the connection it holds.
      await tryToJoin.finally(() => (missed ? undefined : inviteGuard.goodCode(player, ip)));
    },
    async leave(viewer: Viewer, groupId: string) {
      const { role, groupId: id, viewer: player } = await groupAccess.memberOf(viewer, groupId);
      if (role === "admin") throw conflict("admin_cannot_leave", groupMessages.adminCannotLeave);
      await dropMember(id, player.user.id);
    },
    async removeMember(viewer: Viewer, groupId: string, memberId: string) {
      const { groupId: id, viewer: admin } = await groupAccess.adminOf(viewer, groupId);
      if (memberId === admin.user.id) {
        throw conflict("admin_cannot_leave", groupMessages.adminCannotLeave);
      }
      if (!(await dropMember(id, memberId))) {
        throw notFound("This person is not a member of the group.");
      }
    },
  };
}

/** Where a member's live stream goes: its events, and its end. */
export interface EventSink {
  send(event: GroupEvent): void;
  end(): void;
}

/** A member's live view of a group's events. */
function createGroupEvents(
  { db, events }: Core,
  groupAccess: ReturnType<typeof createGroupAccess>,
) {
  return {
    /**
     * Members only, checked before anything is sent. The stream ends once the
     * group is gone or the viewer is no longer a member (told so first: group-deleted, membership-ended), and when
     * events may have been lost, so the client reconnects and reads afresh.
     * Answers the unsubscribe.
     */
    async follow(viewer: Viewer, groupId: string, sink: EventSink): Promise<() => void> {
      const { groupId: id, viewer: member } = await groupAccess.memberOf(viewer, groupId);
      let over = false;
      let unsubscribe = () => {};
      const finish = () => {
        if (over) return;
        over = true;
        unsubscribe();
        sink.end();
      };
      // One event at a time: a membership check must not let a later event overtake.
      let queue = Promise.resolve();
      const deliver = async (event: GroupEvent) => {
        if (over) return;
        if (event.type === "members-changed" && !(await isMember(db, id, member.user.id))) {
          sink.send({ type: "membership-ended" });
          return finish();
        }
        sink.send(event);
        if (event.type === "group-deleted") return finish();
      };
      unsubscribe = await events.subscribe(
        id,
        (event) => {
          queue = queue.then(() => deliver(event)).catch(finish);
        },
        finish,
      );
      // Removed while the subscription was being made: nothing would tell this stream.
      if (!(await isMember(db, id, member.user.id))) {
        unsubscribe();
        throw noSuchGroup();
      }
      return () => {
        over = true;
        unsubscribe();
      };
    },
  };
}

export function createGroupsService(core: Core, options: GroupsOptions) {
  const groupAccess = createGroupAccess(core);
  return {
    ...groupAccess,
    ...createGroupEvents(core, groupAccess),
    ...createGroupManagement(core, groupAccess, options),
    ...createMembership(core, groupAccess, options),
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
