/**
 * Every table, for Drizzle, drizzle-kit (apps/server/drizzle.config.ts) and the
 * features' data.ts, which import them from here only. Each file of tables/
 * holds the tables of one owner (docs/architecture.md, "One owner per table").
 */

export { account, session, user, verification } from "./tables/auth";
export { dilemmas } from "./tables/dilemmas";
export { emailLinkTokens } from "./tables/email-links";
export { feedback } from "./tables/feedback";
export {
  globalDayRollups,
  globalDilemmas,
  globalSelections,
  userStreaks,
} from "./tables/global-dilemma";
export { groupMembers, groupRemovals, groups } from "./tables/groups";
export { jobRuns } from "./tables/jobs";
export { outbox } from "./tables/mail";
export { hiddenComments, moderationLog, reports } from "./tables/moderation";
export { userMailPreferences } from "./tables/notifications";
export { files } from "./tables/profile-images";
export { pushOutbox, pushSubscriptions } from "./tables/push";
export { rateLimits } from "./tables/rate-limits";
export {
  pairTallies,
  roundResults,
  roundReveals,
  roundSitOuts,
  roundSubmissions,
  rounds,
  votes,
} from "./tables/rounds";
