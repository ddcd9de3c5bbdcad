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
} as const;
