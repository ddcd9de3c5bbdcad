import { randomBytes, randomUUID } from "node:crypto";
import { DELETED_PLAYER_NAME } from "@eitheror/shared/account/schema";
import { toUserData } from "@eitheror/shared/auth/rules";
import type { UserData } from "@eitheror/shared/auth/schema";
import type { Unit } from "../../db/transaction";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { AppError, conflict, notFound } from "../../lib/http/errors";
import {
  deleteAbandonedGuests,
  deleteSession,
  deleteUser,
  eraseUser,
  findUserByEmail,
  findUserById,
  insertTombstone,
  listSessionIds,
  lockGuest,
  setUserEmail,
  type UserRow,
  upsertVerifiedUser,
} from "./data";

export type { UserRow } from "./data";

const NO_SUCH_USER = "This user does not exist.";
const DAY_MS = 24 * 60 * 60 * 1000;
const GUESTS_PER_PRUNE = 1000;

/** Profiles as people see them. */
function createProfiles({ db, access }: Core) {
  /** The viewer's own row, fresh from the database (the session may lag behind). */
  async function own(viewer: Viewer): Promise<UserData> {
    const account = access.account(viewer);
    const found = await findUserById(db, account.user.id);
    if (!found) throw notFound(NO_SUCH_USER);
    if (!found.name.trim()) {
      throw conflict("display_name_missing", "Choose a display name first.");
    }
    return toUserData(found, { self: true });
  }

  return {
    /** A profile: everything for oneself; name, photo and joined date for anyone else. */
    async get(viewer: Viewer, id: string): Promise<UserData> {
      access.account(viewer);
      const found = await findUserById(db, id);
      // Guests have no profile, and a user without a name has not finished signing up.
      if (!found || found.isAnonymous || (found.id !== viewer.user.id && !found.name.trim())) {
        throw notFound(NO_SUCH_USER);
      }
      return toUserData(found, { self: found.id === viewer.user.id });
    },
    /**
     * POST /new-user-properties, after the details screen. Everything the product
     * keeps about a user lives on the user row itself, so this confirms the
     * profile is complete and answers it; a client's `isAdmin` is never trusted.
     */
    createProperties: own,
    /** PUT /update-user-properties, after a profile save: the saved profile. */
    updateProperties: own,
    /** GET /check-admin: whether the server counts the viewer a product admin. */
    isProductAdmin: (viewer: Viewer) => access.isProductAdmin(viewer),
  };
}

/** Accounts and sessions as signing in changes them, in the caller's transaction; and guests' pruning. */
function createAccounts({ db, clock, events }: Core) {
  return {
    /** The account of a proven address, made on its first sign-in (null: a guest's address). */
    accountFor(unit: Unit, email: string): Promise<UserRow | null> {
      return upsertVerifiedUser(unit.tx, { id: randomUUID(), email, now: clock.now() });
    },
    /** Moves an account to a proven new address; 409 when another account has it. */
    async changeEmail(unit: Unit, userId: string, email: string) {
      const taken = await findUserByEmail(unit.tx, email);
      if (taken && taken.id !== userId) {
        throw new AppError(409, "This e-mail address is already used by another account.", {
          code: "email_taken",
        });
      }
      const before = await findUserById(unit.tx, userId);
      const user = await setUserEmail(unit.tx, { userId, email, now: clock.now() });
      return user && before ? { user, previousEmail: before.email } : null;
    },
    /**
     * Ends a guest who signed in: `handOver` moves what they did to the account
     * first. False when the guest is already gone (another link completed first).
     */
    async endGuest(unit: Unit, guestId: string, handOver: () => Promise<void>): Promise<boolean> {
      if (!(await lockGuest(unit.tx, guestId))) return false;
      await handOver();
      await deleteUser(unit.tx, guestId);
      return true;
    },
    /** Ends a session the app itself replaces (another account signs in in its browser). */
    async endSession(unit: Unit, sessionId: string) {
      await deleteSession(unit.tx, sessionId);
      unit.afterCommit(() => events.endSession(sessionId));
    },
    /**
     * Forgets guests whose sessions have all run out, a batch at a time: PGlite
     * runs one statement at a time, and a long one would stall every request.
     */
    async pruneGuests() {
      const now = clock.now();
      const before = new Date(now.getTime() - DAY_MS);
      await deleteAbandonedGuests(db, { before, now, limit: GUESTS_PER_PRUNE });
    },
  };
}

/** A deleted account's stand-in and the account's end (decision 0078). */
function createDeletion({ db, clock, events }: Core) {
  return {
    /** The account behind an address, for the product admin's deletion. */
    findByEmail: (email: string, unit?: Unit) => findUserByEmail(unit?.tx ?? db, email),
    findById: (id: string, unit?: Unit) => findUserById(unit?.tx ?? db, id),
    /** A new "Deleted player" that a deleted account's closed rounds move to. */
    async tombstone(unit: Unit): Promise<string> {
      const id = randomUUID();
      const email = `deleted-${randomBytes(16).toString("hex")}@deleted.invalid`;
      await insertTombstone(unit.tx, { id, name: DELETED_PLAYER_NAME, email, now: clock.now() });
      return id;
    },
    /** Deletes the account's row and all that cascades; its live streams end after the commit. */
    async erase(unit: Unit, account: { id: string; email: string }) {
      const sessions = await listSessionIds(unit.tx, account.id);
      await eraseUser(unit.tx, account);
      unit.afterCommit(async () => {
        for (const id of sessions) await events.endSession(id);
      });
    },
  };
}

/**
 * The one owner of the users table, by use: `profiles` as people see them, and
 * the `accounts` behind them as signing in changes them.
 */
export function createUsersService(core: Core) {
  return {
    profiles: createProfiles(core),
    accounts: createAccounts(core),
    deletion: createDeletion(core),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
