const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** Whole calendar months from `from` to `to` (UTC), never counting a month not yet complete. */
function monthsBetween(from: Date, to: Date): number {
  let months =
    (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  const anniversary = new Date(from);
  anniversary.setUTCMonth(from.getUTCMonth() + months);
  if (anniversary > to) months -= 1;
  return Math.max(0, months);
}

/**
 * Relative time with 'ago' (docs/product.md#time-texts): minutes, hours, days,
 * weeks, months, and years plus months. Under a minute, or a date a little ahead
 * (another clock), reads 'less than 1 minute ago', in the words the product uses
 * for due times.
 */
export function timeSince(date: Date, now: Date): string {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE_MS) return "less than 1 minute ago";
  if (elapsed < HOUR_MS) return `${plural(Math.floor(elapsed / MINUTE_MS), "minute")} ago`;
  if (elapsed < DAY_MS) return `${plural(Math.floor(elapsed / HOUR_MS), "hour")} ago`;
  if (elapsed < WEEK_MS) return `${plural(Math.floor(elapsed / DAY_MS), "day")} ago`;
  const months = monthsBetween(date, now);
  if (months < 1) return `${plural(Math.floor(elapsed / WEEK_MS), "week")} ago`;
  if (months < 12) return `${plural(months, "month")} ago`;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return rest === 0
    ? `${plural(years, "year")} ago`
    : `${plural(years, "year")} ${plural(rest, "month")} ago`;
}

/**
 * How long until a due date, for 'Votes due in {time}' (docs/product.md#time-texts):
 * under a minute or past due 'less than 1 minute'; under an hour minutes; under a
 * day hours; from one day days plus hours; from two days the day count, rounded
 * up when time is left over ('3 days' for 2 days 1 hour, '2 days' for exactly 2).
 */
export function timeUntilDue(due: Date, now: Date): string {
  const left = due.getTime() - now.getTime();
  if (left < MINUTE_MS) return "less than 1 minute";
  if (left < HOUR_MS) return plural(Math.floor(left / MINUTE_MS), "minute");
  if (left < DAY_MS) return plural(Math.floor(left / HOUR_MS), "hour");
  if (left < 2 * DAY_MS) {
    const hours = Math.floor((left - DAY_MS) / HOUR_MS);
    return hours === 0 ? "1 day" : `1 day ${plural(hours, "hour")}`;
  }
  return plural(Math.ceil(left / DAY_MS), "day");
}
