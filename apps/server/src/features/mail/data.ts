import { desc } from "drizzle-orm";
import { outbox } from "../../db/schema";
import type { Tx } from "../../lib/db";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function saveOutboxMail(tx: Tx, mail: Mail, now: Date) {
  await tx.insert(outbox).values({ ...mail, createdAt: now });
}

export function listOutbox(tx: Tx, limit: number) {
  return tx.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
