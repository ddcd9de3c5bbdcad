import { startTransition, useEffect, useState } from "react";

/**
 * How many of `total` cards (a closed round's results, a ballot's votes) to show:
 * `first`, then one more in each task after, so each card's elements are built and
 * laid out in a task of their own rather than all in one long one, and what the
 * first screen shows paints first (issue 41: total blocking time on phones;
 * docs/decisions/0084-member-pages-first-load.md).
 */
export function useCardsShown(total: number, first: number) {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)));
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}
