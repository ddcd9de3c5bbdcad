import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "../src/db/client";
import { session, user } from "../src/db/schema";

type NewUser = typeof user.$inferInsert;
type NewSession = typeof session.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A signed-up user (verified e-mail, display name set); override what the test is about. */
export async function createUser(db: Db, overrides: Partial<NewUser> = {}) {
  const id = overrides.id ?? randomUUID();
  const [row] = await db
    .insert(user)
    .values({
      id,
      name: `Player ${id.slice(0, 8)}`,
      email: `player-${id}@example.test`,
      emailVerified: true,
      isAnonymous: false,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createUser inserted nothing");
  return row;
}

/** A live session for `userId`; its token works as `Authorization: Bearer <token>`. */
export async function createSession(db: Db, userId: string, overrides: Partial<NewSession> = {}) {
  const [row] = await db
    .insert(session)
    .values({
      id: randomUUID(),
      token: randomBytes(24).toString("base64url"),
      userId,
      expiresAt: new Date(Date.now() + DAY_MS),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createSession inserted nothing");
  return row;
}
