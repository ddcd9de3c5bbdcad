/** The texts of the game's e-mails (docs/product.md#e-mails); the server renders them. */
export const roundEmails = {
  reminder: {
    subject: (group: string) => `Your votes are due soon in ${group}`,
    heading: "Your votes are still missing",
    intro: (group: string, dueIn: string) =>
      `The round in ${group} ends in ${dueIn}, and you have not submitted your votes yet.`,
    button: "Vote now",
  },
  roundComplete: {
    subject: (group: string) => `Round complete in ${group}`,
    heading: "Round complete",
    intro: (group: string, dilemma: string) => `The round "${dilemma}" in ${group} is over.`,
    points: (points: number) => `You earned ${points} ${points === 1 ? "point" : "points"}.`,
    didNotVote: "You did not vote in this round, so you earned no points.",
    topThree: "Leaderboard, top three:",
    /** A member who has not chosen a name yet, in that list. */
    unnamed: "A player",
    button: "See the results",
  },
  newRound: {
    subject: (group: string) => `A new round started in ${group}`,
    heading: "A new round started",
    intro: (group: string) => `A new dilemma is waiting for your votes in ${group}:`,
    button: "Vote now",
  },
  unsubscribe: (kind: string) => `Stop ${kind.toLowerCase()} e-mails`,
  why: "You get this e-mail because you are a member of this group.",
} as const;
