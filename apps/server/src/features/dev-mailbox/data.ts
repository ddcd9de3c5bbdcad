import { desc } from "drizzle-orm";
import { outbox } from "../../db/schema";
import type { Db } from "../../lib/db";
import type { Mail } from "../../lib/mailer";

export async function saveOutboxMail(db: Db, mail: Mail, now: Date) {
  await db.insert(outbox).values({ ...mail, createdAt: now });
}

export function listOutbox(db: Db, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
