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
