import type { Viewer } from "../../lib/identity";

/** Product admins: a verified address listed in ADMIN_EMAILS, or the admin role. */
export function createAccountService({ adminEmails }: { adminEmails: string[] }) {
  return {
    isAdmin(viewer: Viewer): boolean {
      const { user } = viewer;
      if (user.isAnonymous) return false;
      if (user.role === "admin") return true;
      return user.emailVerified && adminEmails.includes(user.email.toLowerCase());
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
