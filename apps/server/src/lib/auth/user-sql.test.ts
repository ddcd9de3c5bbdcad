// The SQL twins of the rules about a person say what the TypeScript says, row for row.
import { randomUUID } from "node:crypto";
import { toUserData } from "@eitheror/shared/auth/rules";
import { inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/db";
import { createSession, createUser } from "../../../test/factories";
import { namedStatement } from "../../db/client";
import { user } from "../../db/schema";
import { createAccess } from "./access";
import type { Viewer } from "./provider";
import { isPlayer, liveSessionJoin, sessionUser, shownName, shownNameOf } from "./user-sql";

type Person = typeof user.$inferSelect & { token: string };

let database: TestDatabase;
const people: Person[] = [];

/** One person of every kind: guest or not, verified or not, each sort of name, banned or not. */
beforeAll(async () => {
  database = await openTestDatabase();
  for (const isAnonymous of [true, false, null])
    for (const emailVerified of [true, false])
      for (const name of ["", "   ", "Ann", "  Ann  "])
        for (const banned of [true, false, null]) {
          const row = await createUser(database.db, { isAnonymous, emailVerified, name, banned });
          const { token } = await createSession(database.db, row.id);
          people.push({ ...row, token });
        }
});
afterAll(() => database?.close());

const access = createAccess({ adminEmails: [] });

function viewerOf(person: Person): Viewer {
  const session = { id: randomUUID(), token: person.token, expiresAt: new Date() };
  return { user: person, session };
}

function passes(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

const idsWhere = (test: (person: Person) => boolean) =>
  people
    .filter(test)
    .map((person) => person.id)
    .sort();

describe("isPlayer", () => {
  it("holds for the rows whose viewer access.player lets through, and only those", async () => {
    const rows = await database.db
      .select({ id: user.id })
      .from(user)
      .where(
        sql`${inArray(
          user.id,
          people.map((person) => person.id),
        )} AND ${isPlayer()}`,
      );
    const players = idsWhere((person) => passes(() => access.player(viewerOf(person))));
    expect(rows.map((row) => row.id).sort()).toEqual(players);
    expect(players.length).toBeGreaterThan(0);
  });

  it("behind liveSessionJoin, holds for the sessions the auth plugin reads as a player's", async () => {
    const livePlayers = namedStatement<{ id: string }, { tokens: string[]; sessionsAt: string }>(
      "test-live-players",
      sql`SELECT u.id FROM unnest(${sql.placeholder("tokens")}::text[]) AS i (token)
        ${liveSessionJoin} WHERE ${isPlayer(sessionUser)}`,
    );
    const rows = await livePlayers(database.db, {
      tokens: people.map((person) => person.token),
      sessionsAt: new Date().toISOString(),
    });
    // The plugin reads a banned user's session as nobody's (plugins/auth.ts).
    const players = idsWhere(
      (person) => !person.banned && passes(() => access.player(viewerOf(person))),
    );
    expect(rows.map((row) => row.id).sort()).toEqual(players);
  });
});

describe("shownName", () => {
  it("is the display name the API gives others", async () => {
    const rows = await database.db
      .select({ id: user.id, shown: shownName })
      .from(user)
      .where(
        inArray(
          user.id,
          people.map((person) => person.id),
        ),
      );
    const shown = new Map(rows.map((row) => [row.id, row.shown]));
    for (const person of people) {
      expect(shown.get(person.id)).toBe(toUserData(person, { self: false }).displayName);
    }
  });

  it("of an alias of users (a report's reporter) is the same display name", async () => {
    const reporter = alias(user, "reporter");
    const rows = await database.db
      .select({ id: reporter.id, shown: shownNameOf(reporter) })
      .from(reporter)
      .where(
        inArray(
          reporter.id,
          people.map((person) => person.id),
        ),
      );
    const given = people.map((person): [string, string | null] => [
      person.id,
      toUserData(person, { self: false }).displayName,
    ]);
    expect(new Map(rows.map((row) => [row.id, row.shown]))).toEqual(new Map(given));
  });
});
