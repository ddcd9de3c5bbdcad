import { toUserData } from "@eitheror/shared/identity/rules";
import type { UserData } from "@eitheror/shared/identity/schema";
import type { Db } from "../../lib/db";
import { AppError, notFound } from "../../lib/errors";
import { assertAccount, type Viewer } from "../../lib/identity";
import { findUserById } from "./data";

const NO_SUCH_USER = "This user does not exist.";

export function createUsersService({ db }: { db: Db }) {
  /** The viewer's own row, fresh from the database (the session may lag behind). */
  async function own(viewer: Viewer): Promise<UserData> {
    assertAccount(viewer);
    const found = await findUserById(db, viewer.user.id);
    if (!found) throw notFound(NO_SUCH_USER);
    if (!found.name.trim()) throw new AppError(409, "Choose a display name first.");
    return toUserData(found, { self: true });
  }

  return {
    /** A profile: everything for oneself; name, photo and joined date for anyone else. */
    async get(viewer: Viewer, id: string): Promise<UserData> {
      assertAccount(viewer);
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
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
