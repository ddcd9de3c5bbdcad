import { forbidden } from "../http/errors";
import type { Viewer } from "./provider";

declare const proven: unique symbol;
/**
 * A value a permission check produced: only the check can make one (a cast aside).
 * Proofs add up: a value proven for "a" and "b" also serves where "a" is asked for.
 */
export type Proven<T, Why extends string> = T & {
  readonly [proven]: { readonly [K in Why]: true };
};

/** A person signed in with their verified e-mail address: not a guest. */
export type AccountViewer = Proven<Viewer, "account">;
/** Fully signed in: an account with a display name. Groups and rounds are for these. */
export type PlayerViewer = Proven<Viewer, "account" | "player">;
/** A product admin: runs the dilemma bank and reads feedback. */
export type AdminViewer = Proven<Viewer, "product-admin">;

/**
 * Who may do what beyond a single group: the checks every service calls instead
 * of looking at the viewer's flags itself. Group roles come from the groups
 * feature, built on `account`.
 */
export function createAccess({ adminEmails }: { adminEmails: readonly string[] }) {
  const admins = new Set(adminEmails.map((email) => email.toLowerCase()));

  function isAccount(viewer: Viewer): viewer is AccountViewer {
    return !viewer.user.isAnonymous && viewer.user.emailVerified;
  }

  /** An address in ADMIN_EMAILS counts only once it is verified; the admin role always. */
  function isProductAdmin(viewer: Viewer): viewer is AdminViewer {
    if (!isAccount(viewer)) return false;
    return viewer.user.role === "admin" || admins.has(viewer.user.email.toLowerCase());
  }

  return {
    isProductAdmin,
    /** Screens beyond the landing page and everything that changes an account need this. */
    account(viewer: Viewer): AccountViewer {
      if (!isAccount(viewer)) throw forbidden("Please sign in with your e-mail address first.");
      return viewer;
    },
    /** An account that finished signing up (it has a name others see): groups need this. */
    player(viewer: Viewer): PlayerViewer {
      if (!isAccount(viewer)) throw forbidden("Please sign in with your e-mail address first.");
      if (!viewer.user.name?.trim()) {
        throw forbidden("Choose a display name first.", { code: "display_name_missing" });
      }
      return viewer as PlayerViewer;
    },
    /** The one gate of every product-admin route. */
    productAdmin(viewer: Viewer): AdminViewer {
      if (!isProductAdmin(viewer)) throw forbidden("This page is for the product's admins.");
      return viewer;
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
