import { MONTHS } from "../global-dilemma/rules";
import { rankByScore } from "../rounds/rules";

/** One place on a closed round's podium: the name the member shows, their points. */
export interface PodiumPlace {
  rank: number;
  displayName: string;
  points: number;
}

/** How many places a round's podium shows (ties may share a rank inside them). */
export const PODIUM_SIZE = 3;
/** The name of a participant without one (left, or never named). */
export const FORMER_MEMBER = "Former member";

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

export const pointsText = (points: number) => `${points} ${points === 1 ? "pt" : "pts"}`;

/**
 * The podium of a closed round: the first PODIUM_SIZE participants by points
 * (ties share a rank, 1, 1, 3), with nothing but their shown name and points.
 */
export function podiumOf(
  results: readonly { displayName: string | null; points: number }[],
): PodiumPlace[] {
  const ranked = rankByScore(results.map((r) => ({ ...r, score: r.points })));
  return ranked.slice(0, PODIUM_SIZE).map(({ rank, displayName, points }) => ({
    rank,
    displayName: displayName ?? FORMER_MEMBER,
    points,
  }));
}

/** A UTC day (`YYYY-MM-DD`) as people write it: `26 November 2026`. */
export function dayInWords(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** `eitheror, 22 November 2026: I picked “Tea” — 62% agreed` (docs/product.md, Share). */
export function dailyShareText({
  title,
  day,
  pick,
  percent,
}: {
  title: string;
  day: string;
  /** The text of the option the viewer picked. */
  pick: string;
  percent: number;
}): string {
  return `${title}, ${dayInWords(day)}: I picked “${pick.trim()}” — ${percent}% agreed`;
}

/**
 * `eitheror — round 3 of Friends, 26 November 2026: "Tea or coffee?" I picked
 * "Tea". 1st Ana (2 pts), 2nd Ben (1 pt)`: the day the round closed in words,
 * and the sharer's own pick when they submitted one (docs/product.md, Share).
 */
export function roundShareText({
  title,
  number,
  groupName,
  closedOn,
  dilemma,
  pick,
  podium,
}: {
  title: string;
  number: number;
  groupName: string;
  /** The day (`YYYY-MM-DD`) the round closed, as the sharer's calendar had it. */
  closedOn: string;
  dilemma: string;
  /** The text of the option the sharer picked for themself; none if they did not vote. */
  pick?: string | null;
  podium: readonly PodiumPlace[];
}): string {
  const places = podium
    .map((p) => `${ordinal(p.rank)} ${p.displayName} (${pointsText(p.points)})`)
    .join(", ");
  const picked = pick ? ` I picked "${pick.trim()}".` : "";
  return `${title} — round ${number} of ${groupName}, ${dayInWords(closedOn)}: "${dilemma}"${picked} ${places}`.trimEnd();
}

/**
 * Text cut into lines of at most `maxChars` characters (code points), at spaces
 * where it can, inside a word only when the word alone is longer than a line. No
 * word is lost: the lines' words, put back together, are the text's words.
 */
export function wrapText(text: string, maxChars: number): string[] {
  const limit = Math.max(1, Math.floor(maxChars));
  const lines: string[] = [];
  let line: string[] = [];
  const flush = () => {
    if (line.length > 0) lines.push(line.join(""));
    line = [];
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const chars = Array.from(word);
    const room = line.length === 0 ? limit : limit - line.length - 1;
    if (chars.length <= room) {
      if (line.length > 0) line.push(" ");
      line.push(...chars);
      continue;
    }
    flush();
    for (let at = 0; at < chars.length; at += limit) {
      line = chars.slice(at, at + limit);
      if (at + limit < chars.length) flush();
    }
  }
  flush();
  return lines;
}
