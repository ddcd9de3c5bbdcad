import { randomBytes } from "node:crypto";
import {
  type GroupData,
  type GroupFields,
  type GroupSummary,
  groupMessages,
  INVITE_CODE_BYTES,
  type Invitation,
} from "@eitheror/shared/groups/schema";
import type { PlayerViewer } from "../../lib/access";
import type { Core } from "../../lib/core";
import { AppError, conflict, forbidden, invariant, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/identity";
import type { Unit } from "../../lib/transaction";
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

/** Creating, reading, editing and deleting groups. */
function createGroupManagement(core: Core, groupAccess: ReturnType<typeof createGroupAccess>) {
  const { db, transaction, clock, access } = core;
  return {
    async create(viewer: Viewer, fields: GroupFields): Promise<{ groupId: string }> {
      const player = access.player(viewer);
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
        return groupDataOf(unit, { ...locked, ...fields }, id);
      });
    },
    async remove(viewer: Viewer, groupId: string) {
      const { groupId: id } = await groupAccess.adminOf(viewer, groupId);
      await deleteGroup(db, id);
    },
    async resetInviteCode(viewer: Viewer, groupId: string) {
      const { groupId: id } = await groupAccess.adminOf(viewer, groupId);
      const inviteCode = newInviteCode();
      await setInviteCode(db, id, inviteCode, clock.now());
      return { inviteCode };
    },
  };
}

/** Invitations, joining, leaving and removal. */
function createMembership(core: Core, groupAccess: ReturnType<typeof createGroupAccess>) {
  const { db, transaction, clock, access } = core;
  return {
    /** Anyone with a session (guests too) may look at an invitation. */
    async invitation(viewer: Viewer, code: string): Promise<Invitation> {
      const group = invariant(await findGroupByInviteCode(db, code), noSuchGroup);
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
    async join(viewer: Viewer, groupId: string, inviteCode: string) {
      const player = access.player(viewer);
      await transaction(async ({ tx }) => {
        const group = await lockGroup(tx, groupId);
        if (!group || group.inviteCode !== inviteCode) throw noSuchGroup();
        if (await isMember(tx, group.id, player.user.id)) return;
        if ((await countMembers(tx, group.id)) >= group.maxMembers) {
          throw conflict("group_full", groupMessages.groupFull);
        }
        const invited = group.id as InvitedGroupId;
        await insertMember(tx, { groupId: invited, userId: player.user.id, joinedAt: clock.now() });
      });
    },
    async leave(viewer: Viewer, groupId: string) {
      const { role, groupId: id, viewer: player } = await groupAccess.memberOf(viewer, groupId);
      if (role === "admin") throw conflict("admin_cannot_leave", groupMessages.adminCannotLeave);
      await deleteMember(db, id, player.user.id);
    },
    async removeMember(viewer: Viewer, groupId: string, memberId: string) {
      const { groupId: id, viewer: admin } = await groupAccess.adminOf(viewer, groupId);
      if (memberId === admin.user.id) {
        throw conflict("admin_cannot_leave", groupMessages.adminCannotLeave);
      }
      if (!(await deleteMember(db, id, memberId))) {
        throw notFound("This person is not a member of the group.");
      }
    },
  };
}

export function createGroupsService(core: Core) {
  const groupAccess = createGroupAccess(core);
  return {
    ...groupAccess,
    ...createGroupManagement(core, groupAccess),
    ...createMembership(core, groupAccess),
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
