import { desc, eq } from "drizzle-orm";
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

/** A page of feedback, newest first, with what the admin may know of each sender. */
export function listFeedback(tx: Tx, { limit, offset }: { limit: number; offset: number }) {
  return tx
    .select({
      id: feedback.id,
      feedback: feedback.text,
      createdAt: feedback.createdAt,
      senderId: user.id,
      senderName: shownName,
      senderEmail: user.email,
      senderIsGuest: user.isAnonymous,
    })
    .from(feedback)
    .leftJoin(user, eq(user.id, feedback.userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit)
    .offset(offset);
}

/** What `userId` sent, oldest first: their export's part. */
export function feedbackOf(tx: Tx, userId: string) {
  return tx
    .select({ feedback: feedback.text, createdAt: feedback.createdAt })
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(feedback.createdAt);
}
