/** Every page the web app routes to, in one place (API paths come from the shared contracts). */
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
  /** A day's global dilemma and its split (UTC day, YYYY-MM-DD): what a shared result links to. */
  daily: (day = ":day") => `/daily/${day}`,
  /** A closed round's signed share link (docs/decisions/0028). */
  sharedRound: (shareId = ":shareId") => `/shared/round/${shareId}`,
  feedback: "/feedback",
  gameplayDiagram: "/gameplay-diagram",
} as const;

/** The page an e-mailed link opens, on this site, carrying where to go afterwards. */
export function signInLinkUrl(returnUrl: string | null): string {
  const url = new URL(paths.signInLinkRouter, window.location.origin);
  if (returnUrl) url.searchParams.set("returnUrl", returnUrl);
  return url.toString();
}
