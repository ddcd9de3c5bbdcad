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

const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * The day a global dilemma belongs to, as the card names it ("Monday, November
 * 23"): in English like every text of the app, and in UTC like the pick, so the
 * server's first paint and the app say the same.
 */
export function dilemmaDayLabel(at: Date): string {
  return dayFormat.format(at);
}

/** The card's texts, shared by the server's first paint and the app. */
export const globalDilemmaTexts = {
  dayLabel: (at: Date) => `Today's dilemma · ${dilemmaDayLabel(at)}`,
  or: "OR",
  pickPrompt: "Pick one to see how everyone else chose.",
} as const;
