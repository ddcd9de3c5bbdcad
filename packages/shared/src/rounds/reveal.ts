/**
 * The texts of a closed round's reveal, of the archived round's right and wrong,
 * of Home's "Results are in" and of the ballot's progress (issue 36). Written
 * once here, read by the web app and its browser journeys.
 */
/**
 * The archived round's query parameter that opens its reveal at once
 * (`/group/{groupId}/archived-round/{roundId}?reveal=1`: the results e-mail, the
 * round-over notice). Not in the web's `paths`, which the landing page carries.
 */
export const REVEAL_PARAM = "reveal";
/** The query that opens a closed round's reveal, to put after its archived-round path. */
export const revealQuery = `?${REVEAL_PARAM}=1`;

export const revealMessages = {
  /** Home's group card, until the viewer has seen the newest closed round's reveal. */
  resultsIn: "Results are in",
  title: "The results are in",
  youRead: (right: number, readable: number, points: number) =>
    `You read ${right} of ${readable} right, +${points}`,
  /** The viewer played the round but never submitted. */
  youDidNotVote: "You did not vote in this round, so you earned no points.",
  readYouRight: (right: number, of: number) => `${right} of ${of} read you right`,
  readMemberRight: (right: number, of: number, name: string) =>
    `${right} of ${of} read ${name} right`,
  nobodyReadYou: "Nobody read you right this time.",
  howEveryoneChose: "How everyone chose",
  ranking: "Leaderboard",
  topReader: (names: string) => `Top reader: ${names}`,
  youAreTopReader: "You read the group best this round!",
  /** Beside a member's own pick in the reveal: whether the viewer read them right. */
  youReadThem: "you read them right",
  youMissedThem: "you read them wrong",
  right: "right",
  wrong: "wrong",
  ownPick: "own pick",
  nextRound: "Next round",
  skip: "Skip",
  replay: "Replay the reveal",
  grid: "Every prediction",
  gridCaption:
    "What each member (rows) picked for each member (columns); the diagonal is their own pick",
  /** The ballot's progress: picks made of picks needed. */
  picked: (picked: number, needed: number) => `${picked} of ${needed} picked`,
  addComment: "Add a comment",
} as const;

/** A rank's move over one round, for the eye ("↑2") and for a screen reader ("up 2 places"). */
export function rankChange(
  before: number | null,
  after: number | null,
): { symbol: string; label: string } | null {
  if (after === null) return null;
  if (before === null) return { symbol: "new", label: "new on the leaderboard" };
  const places = before - after;
  const count = (n: number) => `${n} ${n === 1 ? "place" : "places"}`;
  if (places > 0) return { symbol: `↑${places}`, label: `up ${count(places)}` };
  if (places < 0) return { symbol: `↓${-places}`, label: `down ${count(-places)}` };
  return { symbol: "=", label: "no change" };
}

/** "Ann", "Ann and Ben", "Ann, Ben and Cy". */
export function listOfNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
