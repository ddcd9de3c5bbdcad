/** Every URL the web app builds (routes and API), in one place. */
export const paths = {
  landing: "/",
  home: "/home",
  signIn: "/sign-in",
  signInLinkRouter: "/sign-in/link-router",
  signInDetails: "/sign-in/details",
  admin: "/admin",
  userProfile: (userId = ":userId") => `/user-profile/${userId}`,
  group: (groupId = ":groupId") => `/group/${groupId}`,
  createGroup: "/create-group",
  groupProfile: (groupId = ":groupId") => `/group-profile/${groupId}`,
  invite: (inviteCode = ":inviteCode") => `/invite/${inviteCode}`,
  archivedRound: (groupId = ":groupId", roundId = ":roundId") =>
    `/group/${groupId}/archived-round/${roundId}`,
  feedback: "/feedback",
  gameplayDiagram: "/gameplay-diagram",
} as const;

export const api = {
  session: "/api/auth/get-session",
  signInAnonymous: "/api/auth/sign-in/anonymous",
  signOut: "/api/auth/sign-out",
  checkAdmin: "/api/check-admin",
  globalDilemma: "/api/dilemmas/global",
  globalSelection: (id: string) => `/api/dilemmas/global/${encodeURIComponent(id)}/selection`,
  sendEmailLink: "/api/sign-in/email-link/send",
  completeEmailLink: "/api/sign-in/email-link/complete",
  sendEmailChange: "/api/email-change/send",
  user: (id: string) => `/api/users/${encodeURIComponent(id)}`,
  newUserProperties: "/api/new-user-properties",
  updateUserProperties: "/api/update-user-properties",
  profileImage: (uid: string) => `/api/storage/profile-images/${encodeURIComponent(uid)}`,
  /** better-auth's own profile update (name, image): the identity provider's call. */
  updateUser: "/api/auth/update-user",
} as const;

/** The page an e-mailed link opens, on this site, carrying where to go afterwards. */
export function signInLinkUrl(returnUrl: string | null): string {
  const url = new URL(paths.signInLinkRouter, window.location.origin);
  if (returnUrl) url.searchParams.set("returnUrl", returnUrl);
  return url.toString();
}
