export interface Split {
  percentA: number;
  percentB: number;
}

/** Whole-number shares that always add up to 100 (docs/product.md#screens, Landing); 0/0 when nobody chose yet. */
export function splitPercentages(countA: number, countB: number): Split {
  const total = countA + countB;
  if (total === 0) return { percentA: 0, percentB: 0 };
  const percentA = Math.round((100 * countA) / total);
  return { percentA, percentB: 100 - percentA };
}

/** The UTC calendar day of an instant, as `YYYY-MM-DD`: the global dilemma changes with it. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * The day a global dilemma belongs to, as the card names it ("Monday, November
 * 23"): in English like every text of the app, and in UTC like the pick, so the
 * server's first paint and the app say the same. Spelled out rather than through
 * `Intl.DateTimeFormat`, whose first use loads the browser's locale data: about
 * 30 ms of the landing page's first task on a slow phone (bench/history.md, run 8).
 */
export function dilemmaDayLabel(at: Date): string {
  return `${WEEKDAYS[at.getUTCDay()]}, ${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}`;
}

/** The card's texts, shared by the server's first paint and the app. */
export const globalDilemmaTexts = {
  /** Of the dilemma's own UTC day (YYYY-MM-DD) where known, else of the moment `at`. */
  dayLabel: (at: Date | string) =>
    `Today's dilemma · ${dilemmaDayLabel(typeof at === "string" ? new Date(`${at}T12:00:00Z`) : at)}`,
  or: "OR",
  pickPrompt: "Pick one to see how everyone else chose.",
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day before `day` (both `YYYY-MM-DD`). */
export function dayBefore(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS));
}

/**
 * A visitor's streak as the daily roll-up keeps it: the last finished day they
 * chose on, and how many consecutive days up to it they chose on.
 */
export interface StreakRecord {
  lastDay: string;
  days: number;
}

/**
 * The roll-up of a finished `day` for someone who chose on it: one day more when
 * they also chose the day before, else a new streak of 1. Days are rolled up in
 * order; a day not after the record's changes nothing.
 */
export function rollUpStreak(record: StreakRecord | null, day: string): StreakRecord {
  if (record && record.lastDay >= day) return record;
  const continues = record !== null && record.lastDay === dayBefore(day);
  return { lastDay: day, days: continues ? record.days + 1 : 1 };
}

/**
 * The streak a visitor sees on `today`: the run that ended yesterday (a missed
 * day breaks it), plus today once they have chosen.
 */
export function visibleStreak(
  record: StreakRecord | null,
  today: string,
  chosenToday: boolean,
): number {
  const carried = record && record.lastDay === dayBefore(today) ? record.days : 0;
  return carried + (chosenToday ? 1 : 0);
}

/**
 * The streak once the viewer has just chosen today's dilemma: today counts, once.
 * (The answer to the choice is shared by everyone of its batch, so it carries no
 * streak; the viewer's own read, asked again, confirms this.)
 */
export function streakAfterChoosing(streak: { days: number; chosenToday: boolean }): {
  days: number;
  chosenToday: boolean;
} {
  return streak.chosenToday ? streak : { days: streak.days + 1, chosenToday: true };
}

/** The texts after a choice: yesterday's result and the streak. */
export const dayAfterTexts = {
  yesterdayLabel: (day: string) => `Yesterday · ${dilemmaDayLabel(new Date(`${day}T12:00:00Z`))}`,
  finalAnswers: (total: number) =>
    `${total.toLocaleString("en-US")} ${total === 1 ? "answer" : "answers"} in the end`,
  streak: (days: number) => {
    if (days === 0) return "Pick today's dilemma to start a streak.";
    return days === 1
      ? "Day 1 of your streak. Come back tomorrow!"
      : `${days}-day streak. Keep it going!`;
  },
} as const;
