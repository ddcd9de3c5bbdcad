import { eq } from "drizzle-orm";
import { user } from "../../db/schema";
import type { Db } from "../../lib/db";

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row ?? null;
}
