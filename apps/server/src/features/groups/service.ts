import { randomBytes } from "node:crypto";
import type { GroupEvent } from "@eitheror/shared/groups/events";
import {
  type GroupData,
  type GroupFields,
  type GroupSummary,
  groupMessages,
  INVITE_CODE_BYTES,
} from "@eitheror/shared/groups/schema";
import type { Unit } from "../../db/transaction";
import type { Caller, Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { AppError, invariant } from "../../lib/http/errors";
import { publishAfterCommit } from "../../lib/live/events";
import { createSharedReads } from "../../lib/live/group-reads";
import type { RateLimiter, RateRule } from "../rate-limits/service";
import {
  type AdminGroupId,
  countMembers,
  deleteGroup,
  type GroupRow,
  type InvitedGroupId,
  insertGroup,
  insertMember,
  isMember,
  listGroupsOf,
  listMembers,
  lockGroup,
  type MemberGroupId,
  membershipsOf,
  setInviteCode,
  stillFollowing,
  updateGroup,
} from "./data";
import { createGroupAccess, createMembership, type GroupAccess, noSuchGroup } from "./membership";

export type { AdminGroupId, MemberGroupId } from "./data";
export type { GroupAccess, Handover, JoinHook, LeaveHook, Membership } from "./membership";

const HOUR_MS = 60 * 60 * 1000;
const newInviteCode = () => randomBytes(INVITE_CODE_BYTES).toString("base64url");

/** A group as its members see it. */
async function groupDataOf(unit: Pick<Unit, "tx">, group: GroupRow, id: MemberGroupId) {
  const members = await listMembers(unit.tx, { id, adminId: group.adminId });
  const { name, maxMembers, daysBetweenRounds, inviteCode, adminId, autoApproveDilemmas } = group;
  return {
    id,
    name,
    maxMembers,
    daysBetweenRounds,
    inviteCode,
    autoApproveDilemmas,
    admin: adminId,
    members,
  };
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

/** How many groups one person, and one network, may create in an hour. */
function creationRules({ groupsPerUserPerHour, groupsPerIpPerHour }: GroupLimits) {
  return {
    perUser: {
      limit: groupsPerUserPerHour,
      windowMs: HOUR_MS,
      message: groupMessages.tooManyGroups,
    },
    perIp: {
      limit: groupsPerIpPerHour,
      windowMs: HOUR_MS,
      message: groupMessages.tooManyGroupsFromNetwork,
    },
  } satisfies Record<string, RateRule>;
}

/** A new group, with its admin as its first member. */
async function insertGroupWithAdmin(
  { transaction, clock }: Core,
  fields: GroupFields,
  adminId: string,
): Promise<{ groupId: string }> {
  return transaction(async ({ tx }) => {
    const now = clock.now();
    const group = await insertGroup(tx, {
      ...fields,
      autoApproveDilemmas: fields.autoApproveDilemmas ?? false,
      inviteCode: newInviteCode(),
      adminId,
      createdAt: now,
      updatedAt: now,
    });
    const groupId = group.id as InvitedGroupId;
    await insertMember(tx, { groupId, userId: adminId, joinedAt: now });
    return { groupId: group.id };
  });
}

/**
 * The group as its members read it, on every group page load beside the open round
 * and the reveal: read once a second for all of them (decision 0083). A session read
 * within the last second will do (decision 0024), and so does the group as kept when
 * it lists the caller among its members (decision 0091).
 */
function createGroupRead({ db, clock, access, events }: Core, groupAccess: GroupAccess) {
  const shared = createSharedReads<"group">(clock, events);
  return async (caller: Caller, groupId: string): Promise<GroupData> => {
    const viewer = await caller.recentlySignedIn();
    const me = access.player(viewer).user.id;
    const kept = shared.kept<GroupData>(groupId, "group");
    if (kept?.members.some((member) => member.id === me)) return kept;
    const { group, groupId: id } = await groupAccess.memberOf(viewer, groupId);
    return shared.through(id, "group", () => groupDataOf({ tx: db }, group, id));
  };
}

/** Creating, reading, editing and deleting groups. */
function createGroupManagement(core: Core, groupAccess: GroupAccess, options: GroupsOptions) {
  const { db, transaction, clock, access, events } = core;
  const { limiter } = options;
  const rules = creationRules(options.limits);
  return {
    async create(viewer: Viewer, fields: GroupFields, ip: string): Promise<{ groupId: string }> {
      const player = access.player(viewer);
      await limiter.hit(`group-create:user:${player.user.id}`, rules.perUser);
      await limiter.hit(`group-create:ip:${ip}`, rules.perIp);
      return insertGroupWithAdmin(core, fields, player.user.id);
    },
    async list(viewer: Viewer): Promise<GroupSummary[]> {
      return listGroupsOf(db, access.player(viewer).user.id);
    },
    get: createGroupRead(core, groupAccess),
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
        const autoApproveDilemmas = fields.autoApproveDilemmas ?? locked.autoApproveDilemmas;
        const changed = { ...fields, autoApproveDilemmas };
        await updateGroup(unit.tx, id, { ...changed, updatedAt: clock.now() });
        publishAfterCommit(unit, events, id, { type: "group-changed" });
        return groupDataOf(unit, { ...locked, ...changed }, id);
      });
    },
    async remove(viewer: Viewer, groupId: string) {
      const { groupId: id } = await groupAccess.adminOf(viewer, groupId);
      await transaction(async (unit) => {
        await deleteGroup(unit.tx, id);
        publishAfterCommit(unit, events, id, { type: "group-deleted" });
      });
    },
    /** The product admin removes a group as its own admin would (decision 0078). */
    async removeAsProductAdmin(viewer: Viewer, groupId: string) {
      access.productAdmin(viewer);
      await transaction(async (unit) => {
        const group = invariant(await lockGroup(unit.tx, groupId), noSuchGroup);
        const id = group.id as AdminGroupId;
        await deleteGroup(unit.tx, id);
        publishAfterCommit(unit, events, id, { type: "group-deleted" });
      });
    },
    /** The groups a person is in, for their export. */
    async exportOf(userId: string) {
      const rows = await membershipsOf(db, userId);
      return rows.map(({ id, name, adminId, joinedAt }) => ({
        id,
        name,
        role: adminId === userId ? ("admin" as const) : ("member" as const),
        joinedAt: joinedAt.toISOString(),
      }));
    },
    async resetInviteCode(viewer: Viewer, groupId: string) {
      const { groupId: id } = await groupAccess.adminOf(viewer, groupId);
      const inviteCode = newInviteCode();
      await setInviteCode(db, id, inviteCode, clock.now());
      // Members' pages show the new link, and what instances keep of the group is dropped.
      await events.publish(id, { type: "group-changed" });
      return { inviteCode };
    },
  };
}

/** Where a member's live stream goes: its events, and its end. */
export interface EventSink {
  send(event: GroupEvent): void;
  end(): void;
}

/**
 * Live streams one person may hold open at once, over all their tabs and groups:
 * far above a person's use, and a bound on what one account can hold of the
 * server's connections for as long as it likes.
 */
export const STREAMS_PER_PERSON = 20;
const TOO_MANY_STREAMS = "Too many live updates are open. Close some tabs and try again.";

/** A member's live view of a group's events. */
function createGroupEvents({ db, events }: Core, groupAccess: GroupAccess) {
  /** Open streams by user id. */
  const open = new Map<string, number>();
  /** Counts a stream of `userId` as open; answers how to count it closed (once). */
  function hold(userId: string): () => void {
    const count = open.get(userId) ?? 0;
    if (count >= STREAMS_PER_PERSON) throw new AppError(429, TOO_MANY_STREAMS);
    open.set(userId, count + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const left = (open.get(userId) ?? 1) - 1;
      if (left > 0) open.set(userId, left);
      else open.delete(userId);
    };
  }

  return {
    /**
     * Members only, checked before anything is sent, and at most
     * STREAMS_PER_PERSON at once per person (a 429 past them). The stream ends once the
     * group is gone or the viewer is no longer a member (told so first: group-deleted, membership-ended),
     * once the session it was opened with ends (sign-out, revocation, ban, on
     * any instance), and when events may have been lost, so the client
     * reconnects and reads afresh. Answers the unsubscribe.
     */
    async follow(viewer: Viewer, groupId: string, sink: EventSink): Promise<() => void> {
      const { groupId: id, viewer: member } = await groupAccess.memberOf(viewer, groupId);
      const release = hold(member.user.id);
      let over = false;
      let unsubscribe = () => {};
      let unfollowSession = () => {};
      const stop = () => {
        over = true;
        unsubscribe();
        unfollowSession();
        release();
      };
      const finish = () => {
        if (over) return;
        stop();
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
      try {
        unfollowSession = events.onSessionEnd(viewer.session.id, finish);
        unsubscribe = await events.subscribe(
          id,
          (event) => {
            queue = queue.then(() => deliver(event)).catch(finish);
          },
          finish,
        );
        // Removed or signed out while the subscriptions were being made: nothing would tell this stream.
        const following = { groupId: id, userId: member.user.id, sessionId: viewer.session.id };
        if (!(await stillFollowing(db, following))) throw noSuchGroup();
      } catch (error) {
        stop();
        throw error;
      }
      return stop;
    },
  };
}

/**
 * Groups, by use: `access` (who is a member or the admin: what other features ask),
 * `management` (create, read, edit, delete), `membership` (invitations, joining,
 * leaving, and hooks on both), `events` (a member's live stream).
 */
export function createGroupsService(core: Core, options: GroupsOptions) {
  const access = createGroupAccess(core);
  return {
    access,
    management: createGroupManagement(core, access, options),
    membership: createMembership(core, access, {
      limiter: options.limiter,
      inviteMissesPerIpPerHour: options.limits.inviteMissesPerIpPerHour,
    }),
    events: createGroupEvents(core, access),
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
