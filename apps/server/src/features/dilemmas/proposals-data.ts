import { and, asc, eq, isNull } from "drizzle-orm";
import { firstOrNull, type Tx } from "../../db/client";
import { dilemmas, user } from "../../db/schema";
import { shownName } from "../../lib/auth/user-sql";

const proposalColumns = {
  id: dilemmas.id,
  dilemma: dilemmas.dilemma,
  optionA: dilemmas.optionA,
  optionB: dilemmas.optionB,
  status: dilemmas.status,
  proposedById: dilemmas.proposedBy,
  proposedByName: shownName,
  createdAt: dilemmas.createdAt,
};
export type ProposalRow = {
  id: string;
  dilemma: string;
  optionA: string;
  optionB: string;
  status: "pending" | "approved" | "rejected";
  proposedById: string | null;
  proposedByName: string | null;
  createdAt: Date;
};

/** Whether the bank (not a group) has a dilemma of this key. */
export async function bankHasKey(tx: Tx, key: string): Promise<boolean> {
  const rows = await tx
    .select({ id: dilemmas.id })
    .from(dilemmas)
    .where(and(eq(dilemmas.dedupeKey, key), isNull(dilemmas.groupId)));
  return rows.length > 0;
}

/** Adds a group's proposal; null when the group already has one of its key. */
export async function insertProposal(
  tx: Tx,
  row: {
    groupId: string;
    proposedBy: string;
    dilemma: string;
    optionA: string;
    optionB: string;
    dedupeKey: string;
    status: "pending" | "approved";
    decidedAt: Date | null;
    createdAt: Date;
  },
): Promise<{ id: string } | null> {
  return firstOrNull(
    await tx
      .insert(dilemmas)
      .values({ ...row, source: "group" })
      .onConflictDoNothing({ target: dilemmas.dedupeKey })
      .returning({ id: dilemmas.id }),
  );
}

export async function findProposal(
  tx: Tx,
  groupId: string,
  proposalId: string,
): Promise<ProposalRow | null> {
  return firstOrNull(
    await tx
      .select(proposalColumns)
      .from(dilemmas)
      .leftJoin(user, eq(user.id, dilemmas.proposedBy))
      .where(and(eq(dilemmas.groupId, groupId), eq(dilemmas.id, proposalId))),
  );
}

/** The group's pending proposals, oldest first; with `by`, only theirs. */
export function listPending(tx: Tx, groupId: string, by?: string): Promise<ProposalRow[]> {
  return tx
    .select(proposalColumns)
    .from(dilemmas)
    .leftJoin(user, eq(user.id, dilemmas.proposedBy))
    .where(
      and(
        eq(dilemmas.groupId, groupId),
        eq(dilemmas.status, "pending"),
        by === undefined ? undefined : eq(dilemmas.proposedBy, by),
      ),
    )
    .orderBy(asc(dilemmas.createdAt), asc(dilemmas.id));
}

/** Decides a pending proposal; false when it was not pending (already decided). */
export async function decideProposal(
  tx: Tx,
  groupId: string,
  proposalId: string,
  decision: { status: "approved" | "rejected"; decidedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(dilemmas)
    .set(decision)
    .where(
      and(
        eq(dilemmas.groupId, groupId),
        eq(dilemmas.id, proposalId),
        eq(dilemmas.status, "pending"),
      ),
    )
    .returning({ id: dilemmas.id });
  return rows.length > 0;
}

/** Hides a dilemma: never drawn again; the rounds that had it keep it. False when there is none. */
export async function hideDilemma(tx: Tx, dilemmaId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(dilemmas)
    .set({ hiddenAt: at })
    .where(and(eq(dilemmas.id, dilemmaId), isNull(dilemmas.hiddenAt)))
    .returning({ id: dilemmas.id });
  return rows.length > 0;
}
