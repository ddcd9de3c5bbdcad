/**
 * Every table, for Drizzle, drizzle-kit (apps/server/drizzle.config.ts) and the
 * features' data.ts, which import them from here only. Each file of tables/
 * holds the tables of one owner (docs/architecture.md, "One owner per table").
 */
export { dilemmas } from "./tables/dilemmas";
export { feedback } from "./tables/feedback";
export { userMailPreferences } from "./tables/game-mail";
export {
  globalDayRollups,
  globalDilemmas,
  globalSelections,
  userStreaks,
} from "./tables/global-dilemma";
export { groupMembers, groupRemovals, groups } from "./tables/groups";
export { account, session, user, verification } from "./tables/identity";
export { jobRuns } from "./tables/jobs";
export { outbox } from "./tables/mail";
export { files } from "./tables/profile-images";
export { rateLimits } from "./tables/rate-limits";
export { roundResults, roundSitOuts, roundSubmissions, rounds, votes } from "./tables/rounds";
export { emailLinkTokens } from "./tables/sign-in";
