import { z } from "zod";
import { dataEnvelope } from "../api/envelope";
import { groupParamsSchema } from "../groups/schema";
import { roundMessages } from "../rounds/schema";
import { dilemmaTextSchema } from "./schema";

/** Dilemmas one member may propose to their groups a day, all groups together (decision 0077). */
export const PROPOSALS_PER_DAY = 10;

export const proposalMessages = {
  propose: "Propose a dilemma",
  proposed: "Dilemma proposed. The group's admin will have a look.",
  approvedAtOnce: "Dilemma added to the group's next rounds.",
  duplicate: "This group or the bank already has this dilemma.",
  tooMany: "You have proposed a lot of dilemmas today. Please try again tomorrow.",
  notPending: "This proposal was already decided.",
  /** The same words as over a closed round of it. */
  proposedBy: roundMessages.proposedBy,
  formerMember: roundMessages.formerMember,
  autoApprove: "Approve proposed dilemmas automatically",
} as const;

export const proposalStatusSchema = z.enum(["pending", "approved", "rejected"]);
export type ProposalStatus = z.infer<typeof proposalStatusSchema>;

/** A dilemma a member proposed to their group. */
export const proposalSchema = z.object({
  id: z.string(),
  dilemma: z.string(),
  optionA: z.string(),
  optionB: z.string(),
  status: proposalStatusSchema,
  /** Who proposed it; null once their account is gone. */
  proposedBy: z.object({ id: z.string(), displayName: z.string().nullable() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** The body of a proposal: the admin's own add's rules (trimmed, lengths, duplicates refused). */
export const proposalBodySchema = dilemmaTextSchema;
export const proposalParamsSchema = groupParamsSchema.extend({
  proposalId: z.string().min(1).max(200),
});

export const proposalResponseSchema = dataEnvelope(z.object({ proposal: proposalSchema }));
/**
 * The group's pending proposals the caller may see: all of them for its admin,
 * their own for a member; oldest first.
 */
export const proposalsResponseSchema = dataEnvelope(
  z.object({ proposals: z.array(proposalSchema) }),
);
