import type { TestApp, TestClient } from "./app";

/**
 * The kinds of caller every authorization matrix tries, in the order its rows
 * list them: no session, a guest, someone outside the group, a member, a member
 * who was removed, the group's admin, and the admin of another group.
 */
export const CALLERS = [
  "signedOut",
  "guest",
  "stranger",
  "member",
  "removed",
  "admin",
  "otherAdmin",
] as const;
export type Caller = (typeof CALLERS)[number];
/** The signed-in callers, whom a matrix makes itself. */
export type Person = Exclude<Caller, "signedOut" | "guest">;

/** One route's expected statuses, given in the order of `CALLERS`. */
export function row(...statuses: number[]): Record<Caller, number> {
  return Object.fromEntries(CALLERS.map((caller, i) => [caller, statuses[i] ?? 0])) as Record<
    Caller,
    number
  >;
}

/** The client a caller speaks through: a new one for no session or a guest, else the person's. */
export async function clientFor(
  t: TestApp,
  people: Record<Person, TestClient>,
  caller: Caller,
): Promise<TestClient> {
  if (caller === "signedOut") return t.client();
  if (caller === "guest") return t.anonymous();
  return people[caller];
}
