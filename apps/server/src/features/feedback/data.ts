import { and, desc, eq, ilike, isNull, or } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { feedback, user } from "../../db/schema";
import { shownName } from "../../lib/auth/user-sql";

export async function insertFeedback(
  tx: Tx,
  entry: { userId: string; text: string; createdAt: Date },
): Promise<{ id: string }> {
  const [row] = await tx.insert(feedback).values(entry).returning({ id: feedback.id });
  if (!row) throw new Error("the feedback insert returned no row");
  return row;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of feedback, newest first, with what the admin may know of each sender;
 * with `search`, only feedback whose text, sender's name or address holds it.
 */
export function listFeedback(
  tx: Tx,
  { limit, offset, search }: { limit: number; offset: number; search?: string },
) {
  const pattern = search ? `%${likeEscaped(search)}%` : null;
  return tx
    .select({
      id: feedback.id,
      feedback: feedback.text,
      createdAt: feedback.createdAt,
      doneAt: feedback.doneAt,
      senderId: user.id,
      senderName: shownName,
      senderEmail: user.email,
      senderIsGuest: user.isAnonymous,
    })
    .from(feedback)
    .leftJoin(user, eq(user.id, feedback.userId))
    .where(
      pattern
        ? or(ilike(feedback.text, pattern), ilike(user.name, pattern), ilike(user.email, pattern))
        : undefined,
    )
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit)
    .offset(offset);
}

/** Marks feedback done; false when there is no such feedback or it was done already. */
export async function markFeedbackDone(tx: Tx, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(feedback)
    .set({ doneAt: at })
    .where(and(eq(feedback.id, id), isNull(feedback.doneAt)))
    .returning({ id: feedback.id });
  return rows.length > 0;
}

export async function deleteFeedback(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.delete(feedback).where(eq(feedback.id, id)).returning({ id: feedback.id });
  return rows.length > 0;
}

/** What `userId` sent, oldest first: their export's part. */
export function feedbackOf(tx: Tx, userId: string) {
  return tx
    .select({ feedback: feedback.text, createdAt: feedback.createdAt })
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(feedback.createdAt);
}
