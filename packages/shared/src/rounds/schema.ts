import { z } from "zod";
import { dataEnvelope } from "../api/envelope";
import { groupParamsSchema } from "../groups/schema";
import { fieldMessages } from "../validation/messages";
import { isStorableText, stripControlCharactersButLineBreaks } from "../validation/text";

// ── Limits (docs/product.md#limits, docs/game-rules.md) ──
export const MAX_COMMENT_LENGTH = 1000;
/** Past rounds show the dilemma cut to this many characters, then '...'. */
export const PREVIEW_LENGTH = 100;
/** Avatars shown under 'Done' and 'Waiting for' before the '+N'. */
export const ROUND_AVATARS_SHOWN = 8;
/** A round may start with this many members, not fewer. */
export const MIN_ROUND_MEMBERS = 2;
export const HOURS_PER_DAY = 24;
/** Votes and submissions one person may save an hour, all groups together (docs/decisions/0018-abuse-limits.md). */
export const ROUND_WRITES_PER_HOUR = 600;

// ── Texts on screen (docs/product.md#messages) ──
export const roundMessages = {
  votesMissing: "Votes for all members is required to submit.",
  /** On each card still without a pick, once Submit Votes was pressed (beyond the spec). */
  pickMissing: "Pick A or B for this member.",
  submitFailed: "An error occurred while submitting your votes. Please try again.",
  submitted: "Successfully submitted votes!",
  votesSubmitted: "Votes Submitted!",
  confirmSubmit: "Confirm Vote Submission. This cannot be reversed.",
  yourVotesSubmitted: "Your votes were submitted",
  awaitingYourVotes: "Awaiting your votes",
  votesDue: (time: string) => `Votes due in ${time}`,
  roundCompleted: (timeSince: string) => `Round completed ${timeSince}`,
  didNotVote: "did not vote",
  /** Over a closed round of one of the group's own dilemmas (decision 0077). */
  proposedBy: (name: string) => `Proposed by ${name}`,
  /** Who proposed it, once their account is gone. */
  formerMember: "a former member",
  voted: (option: string) => `voted ${option}`,
  selectedFor: (voter: string, option: string, member: string) =>
    `${voter} selected ${option} for ${member}`,
  notEnoughMembers: "Invite at least one friend before starting the first round.",
  alreadyStarted: "The first round of this group has already started.",
  alreadySubmitted: "You have already submitted your votes for this round.",
  roundClosed: "This round is over. Its results are in Past Rounds.",
  /** Said on an open group page when its round closes while the viewer looks at it. */
  roundOver: "This round is over.",
  seeResults: "See the results",
  tooManyVotes: "You have saved a lot of votes in a short time. Please wait a while and try again.",
  tooManyVotesFromNetwork:
    "Too many votes were saved from your network. Please wait a while and try again.",
  noRoundYet: "This group has no round yet.",
  notArchived: "This round is not over yet.",
  noDilemmaLeft:
    "This group has played every dilemma we have. The next round starts as soon as new dilemmas are added.",
  /** The short 'How points work' explainer (docs/game-rules.md#points), one line each. */
  howPointsWork: [
    "Your own pick is the truth about you, once you submit.",
    "You earn 1 point for every other member whose pick you guessed right.",
    "Guessing yourself earns nothing.",
    "Members who don't submit earn 0 and nobody scores on them.",
    "The leaderboard adds up the points of every finished round.",
  ],
  notAParticipant: "You can vote only for members taking part in this round.",
  /** To someone who left or was removed during the open round and came back (docs/game-rules.md#who-plays). */
  notInRound:
    "You left this round while it was open, so you can no longer vote in it. You will play from the next one.",
  /** The Current Round tab of someone sitting the open round out. */
  sittingOut: "You rejoined during this round. You will play from the next one.",
  /** A home card's line for someone sitting the open round out. */
  playingFromNextRound: "You will play from the next round",
  /** A group that has played and is down to one member: no next round until a second joins. */
  waitingForMembers: "The next round starts as soon as a second member joins.",
} as const;

export const optionSchema = z.enum(["A", "B"]);
export type Option = z.infer<typeof optionSchema>;

/**
 * A comment as typed: control and invisible characters out except line breaks, trimmed; an
 * empty one is no comment. It is kept and shown as plain text, never as HTML.
 */
export const commentSchema = z
  .string()
  .transform(stripControlCharactersButLineBreaks)
  .pipe(
    z
      .string()
      .max(MAX_COMMENT_LENGTH, { error: fieldMessages.maxLength(MAX_COMMENT_LENGTH) })
      .refine(isStorableText, { error: fieldMessages.pattern }),
  )
  .transform((text) => (text === "" ? null : text));

/**
 * One vote as saved. `optionSelected` and `comments` may be null (cleared); a
 * field left out keeps what was saved (docs/decisions/0016-rounds.md).
 */
export const voteBodySchema = z.object({
  selectedFor: z.string().min(1).max(200),
  optionSelected: optionSchema.nullable().optional(),
  comments: commentSchema.nullable().optional(),
});
export type VoteBody = z.input<typeof voteBodySchema>;
/** A vote's change as the server receives it, parsed. */
export type VoteChange = z.output<typeof voteBodySchema>;

export const voteSchema = z.object({
  selectedBy: z.string(),
  selectedFor: z.string(),
  optionSelected: optionSchema.nullable(),
  comments: z.string().nullable(),
  /**
   * Of a closed round's prediction about someone else: whether it came true
   * (docs/game-rules.md#points). Null for one's own pick, for a prediction
   * about someone with no pick of their own in the round (they did not
   * submit), for no pick, and for every vote of an open round.
   */
  isRight: z.boolean().nullable(),
  /**
   * Of a closed round: the comment was hidden by the group's admin or a
   * moderator. Others get no text; its author still reads their own.
   */
  commentHidden: z.boolean().optional(),
});
export type Vote = z.infer<typeof voteSchema>;

/** The open round as a member sees it: who submitted, and only their own votes. */
export const currentRoundSchema = z.object({
  roundId: z.string(),
  groupId: z.string(),
  dilemma: z.string(),
  optionA: z.string(),
  optionB: z.string(),
  startDate: z.iso.datetime(),
  dueDate: z.iso.datetime(),
  /**
   * Every participant → whether they submitted: the group's members but those
   * who left or were removed during this round and came back.
   */
  membersSubmissionStatus: z.record(z.string(), z.boolean()),
  /** Whether the caller takes part: false for a member back during the round they left. */
  isParticipant: z.boolean(),
  /** The caller's own votes; nobody else's while the round is open. */
  votes: z.array(voteSchema),
});
export type CurrentRound = z.infer<typeof currentRoundSchema>;

/** An open round on a home card. */
export const roundSummarySchema = z.object({
  roundId: z.string(),
  groupId: z.string(),
  dueDate: z.iso.datetime(),
  isSubmitted: z.boolean(),
  /** False: the caller left this round while it was open and came back; nothing to vote. */
  isParticipant: z.boolean(),
});
export type RoundSummary = z.infer<typeof roundSummarySchema>;

export const leaderboardEntrySchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  admin: z.boolean(),
  score: z.number().int(),
  /** Equal scores share a rank (1, 2, 2, 4). */
  rank: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const pastRoundSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  dilemma: z.string(),
  archivedDate: z.iso.datetime(),
});
export type PastRound = z.infer<typeof pastRoundSchema>;

export const memberStatSchema = z.object({
  isSubmitted: z.boolean(),
  points: z.number().int(),
  /** The others whose pick this member could read (submitted, with a pick of their own): "You read 2 of {readable} right". */
  readable: z.number().int(),
  /** How many of the others who submitted read this member's own pick right: "{readRightBy} of {readableBy} read you right". */
  readRightBy: z.number().int(),
  /** The others who submitted, when this member has a pick of their own; else 0. */
  readableBy: z.number().int(),
  /**
   * The member's leaderboard score and rank (current members over the closed
   * rounds, ties shared) just before this round closed and just after. Null
   * for someone who is no longer a member.
   */
  scoreBefore: z.number().int().nullable(),
  scoreAfter: z.number().int().nullable(),
  rankBefore: z.number().int().nullable(),
  rankAfter: z.number().int().nullable(),
});
export type MemberStat = z.infer<typeof memberStatSchema>;

/** A closed round: its participants as they were, even those who left since. */
export const archivedRoundSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  dilemma: z.string(),
  optionA: z.string(),
  optionB: z.string(),
  /** The member who proposed the group's own dilemma ("Proposed by …"); null for the bank's. */
  proposedBy: z
    .object({ id: z.string().nullable(), displayName: z.string().nullable() })
    .nullable(),
  archivedDate: z.iso.datetime(),
  memberStats: z.record(z.string(), memberStatSchema),
  /** The submitted participants with the round's most points, when above 0: the celebration's names. */
  topReaderIds: z.array(z.string()),
  /** Whether the caller has seen this round's reveal (stored on the server: once across devices). */
  revealSeen: z.boolean(),
  members: z.array(
    z.object({
      id: z.string(),
      displayName: z.string().nullable(),
      photoURL: z.string().nullable(),
    }),
  ),
});
export type ArchivedRound = z.infer<typeof archivedRoundSchema>;

export const roundParamsSchema = groupParamsSchema.extend({ roundId: z.string().min(1).max(200) });

/** A group whose newest results the caller has not seen yet: Home's "Results are in". */
export const unseenResultsSchema = z.object({ groupId: z.string(), roundId: z.string() });
export type UnseenResults = z.infer<typeof unseenResultsSchema>;

export const currentRoundResponseSchema = dataEnvelope(
  z.object({ dilemmaData: currentRoundSchema }),
);
export const roundSummariesResponseSchema = dataEnvelope(
  z.object({
    roundsData: z.array(roundSummarySchema),
    /** Groups whose newest closed round (one the caller played) is not yet seen revealed. */
    unseenResults: z.array(unseenResultsSchema),
  }),
);
export const voteResponseSchema = dataEnvelope(z.object({ vote: voteSchema }));
export const submitResponseSchema = dataEnvelope(z.object({ roundClosed: z.boolean() }));
export const leaderboardResponseSchema = dataEnvelope(
  z.object({ leaderboardData: z.array(leaderboardEntrySchema) }),
);
export const pastRoundsResponseSchema = dataEnvelope(
  z.object({ roundsData: z.array(pastRoundSchema) }),
);
export const archivedRoundResponseSchema = dataEnvelope(
  z.object({ roundData: archivedRoundSchema }),
);

/** A closed round's reveal: the round and its votes (submitters' only), in one answer. */
export const revealSchema = z.object({
  round: archivedRoundSchema,
  votes: z.array(voteSchema),
});
export type Reveal = z.infer<typeof revealSchema>;
/** The newest closed round the caller played and has not seen revealed, or null. */
export const revealResponseSchema = dataEnvelope(z.object({ revealData: revealSchema.nullable() }));
export const revealSeenResponseSchema = dataEnvelope(z.object({ revealSeen: z.literal(true) }));

export const votesResponseSchema = dataEnvelope(z.object({ votesData: z.array(voteSchema) }));
