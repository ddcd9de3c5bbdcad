import { utcDay } from "@eitheror/shared/global-dilemma/rules";
import type { GlobalDilemma } from "@eitheror/shared/global-dilemma/schema";
import type { Clock } from "../../lib/clock";

/**
 * How old today's dilemma and counts may be when a visitor reads them
 * (decision 0021): every choice committed at least this long before a read shows.
 */
export const TODAY_MAX_AGE_MS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What every visitor reads: today's dilemma and counts, and yesterday's final result. */
export interface TodayView {
  today: GlobalDilemma;
  /** Yesterday's dilemma with its counts frozen by the roll-up; null without one. */
  yesterday: GlobalDilemma | null;
}

interface Entry {
  day: string;
  value: TodayView;
  /** Every commit before this moment (app clock, ms) is in `value`. */
  asOf: number;
  /** Where `value` stands among what this instance saw, in the order it saw it. */
  rank: number;
}

/**
 * Today's dilemma and counts as every visitor reads them: one copy per instance,
 * shared by all, never older than TODAY_MAX_AGE_MS. One load at a time: reads that
 * arrive meanwhile wait for it. Counts this instance's own writes return replace
 * the copy at once, so a visitor who chose reads the count with their choice in it.
 * Each value is a new frozen object, so a caller may key its own work on it.
 */
export function createTodayCache(clock: Clock, load: (day: string) => Promise<TodayView>) {
  let entry: Entry | null = null;
  let loading: Promise<TodayView> | null = null;
  /**
   * Orders loads and writes as this instance saw them: a load started before a
   * write's answer came back may have read the counts without that write, so it
   * must not replace them; a load started after it read them with it.
   */
  let seen = 0;
  // The day of the last read, and when it began and ends (ms): most reads format no date.
  let day = { name: "", from: 0, until: 0 };
  const dayOf = (now: number) => {
    if (now < day.from || now >= day.until) {
      const from = now - (now % DAY_MS);
      day = { name: utcDay(new Date(now)), from, until: from + DAY_MS };
    }
    return day.name;
  };

  const fresh = (current: Entry, now: number, today: string) =>
    current.day === today &&
    // A clock moved back (tests reset theirs) makes an entry from the "future": reload.
    now >= current.asOf &&
    now - current.asOf < TODAY_MAX_AGE_MS;

  function keep(next: Entry) {
    if (entry && entry.day === next.day && entry.rank > next.rank) return;
    const { today, yesterday } = next.value;
    entry = { ...next, value: Object.freeze({ today: Object.freeze({ ...today }), yesterday }) };
  }

  function startLoading(today: string, asOf: number) {
    const rank = ++seen;
    const started = load(today).then((value) => {
      keep({ day: today, value, asOf, rank });
      return entry?.day === today ? entry.value : value;
    });
    loading = started;
    const done = () => {
      if (loading === started) loading = null;
    };
    started.then(done, done);
    return started;
  }

  return {
    /** Today's dilemma (and yesterday's result), at most TODAY_MAX_AGE_MS old. */
    get(): Promise<TodayView> | TodayView {
      const now = clock.now().getTime();
      const today = dayOf(now);
      if (entry && fresh(entry, now, today)) return entry.value;
      return loading ?? startLoading(today, now);
    },
    /**
     * Counts a committed write answered with, just now: every commit before `asOf`
     * (app clock, ms) is in them. They replace the copy of the same dilemma.
     */
    offer(value: GlobalDilemma, asOf: number) {
      const rank = ++seen;
      if (entry && entry.value.today.id === value.id) {
        keep({
          day: entry.day,
          value: { today: value, yesterday: entry.value.yesterday },
          asOf,
          rank,
        });
      }
    },
  };
}

export type TodayCache = ReturnType<typeof createTodayCache>;
