import {
  PROPOSALS_PER_DAY,
  type Proposal,
  proposalMessages,
} from "@eitheror/shared/dilemmas/proposals";
import { dilemmaKey } from "@eitheror/shared/dilemmas/rules";
import type { DilemmaText } from "@eitheror/shared/dilemmas/schema";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { conflict, notFound } from "../../lib/http/errors";
import type { GroupAccess } from "../groups/service";
import type { RecordModeration } from "../moderation/service";
import type { RateLimiter } from "../rate-limits/service";
import {
  bankHasKey,
  decideProposal,
  findProposal,
  insertProposal,
  listPending,
  type ProposalRow,
} from "./proposals-data";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ProposalsOptions {
  groups: GroupAccess;
  limiter: RateLimiter;
  record: RecordModeration;
}

const toProposal = (row: ProposalRow): Proposal => ({
  id: row.id,
  dilemma: row.dilemma,
  optionA: row.optionA,
  optionB: row.optionB,
  status: row.status,
  proposedBy: row.proposedById ? { id: row.proposedById, displayName: row.proposedByName } : null,
  createdAt: row.createdAt.toISOString(),
});

const noSuchProposal = () => notFound("This proposal does not exist.");
const duplicate = () => conflict("duplicate_dilemma", proposalMessages.duplicate);

/**
 * A group's own dilemmas (decision 0077): any member proposes (the admin's add's
 * rules, a few a day), the group's admin approves or rejects, or the group
 * approves them as they come. Rounds draw the approved ones first.
 */
export function createProposals(core: Core, { groups, limiter, record }: ProposalsOptions) {
  const { db, transaction, clock } = core;

  async function decide(
    viewer: Viewer,
    groupId: string,
    proposalId: string,
    status: "approved" | "rejected",
  ): Promise<Proposal> {
    const { groupId: id, viewer: admin } = await groups.adminOf(viewer, groupId);
    return transaction(async (unit) => {
      const decided = await decideProposal(unit.tx, id, proposalId, {
        status,
        decidedAt: clock.now(),
      });
      const row = await findProposal(unit.tx, id, proposalId);
      if (!row) throw noSuchProposal();
      if (!decided) throw conflict("already_decided", proposalMessages.notPending);
      await record(unit, {
        actorId: admin.user.id,
        action: status === "approved" ? "approve-proposal" : "reject-proposal",
        targetType: "dilemma",
        targetId: row.id,
        groupId: id,
        detail: row.dilemma,
      });
      return toProposal(row);
    });
  }

  return {
    async propose(viewer: Viewer, groupId: string, text: DilemmaText): Promise<Proposal> {
      const { group, groupId: id, viewer: member } = await groups.memberOf(viewer, groupId);
      await limiter.hit(`proposals:user:${member.user.id}`, {
        limit: PROPOSALS_PER_DAY,
        windowMs: DAY_MS,
        message: proposalMessages.tooMany,
      });
      const key = dilemmaKey(text.dilemma);
      if (!key || (await bankHasKey(db, key))) throw duplicate();
      const now = clock.now();
      const auto = group.autoApproveDilemmas;
      const added = await insertProposal(db, {
        ...text,
        groupId: id,
        proposedBy: member.user.id,
        dedupeKey: `${id}:${key}`,
        status: auto ? "approved" : "pending",
        decidedAt: auto ? now : null,
        createdAt: now,
      });
      if (!added) throw duplicate();
      const row = await findProposal(db, id, added.id);
      if (!row) throw noSuchProposal();
      return toProposal(row);
    },

    /** Pending proposals: all of them for the group's admin, their own for a member. */
    async list(viewer: Viewer, groupId: string): Promise<Proposal[]> {
      const { groupId: id, role, viewer: member } = await groups.memberOf(viewer, groupId);
      const rows = await listPending(db, id, role === "admin" ? undefined : member.user.id);
      return rows.map(toProposal);
    },

    approve: (viewer: Viewer, groupId: string, proposalId: string) =>
      decide(viewer, groupId, proposalId, "approved"),
    reject: (viewer: Viewer, groupId: string, proposalId: string) =>
      decide(viewer, groupId, proposalId, "rejected"),
  };
}
