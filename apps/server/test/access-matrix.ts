import type { TestApp, TestClient } from "./app";

/**
 * The kinds of caller every authorization matrix tries, in the order its rows
 * list them: no session, a guest, someone outside the group, a member, a member
 * who was removed, the group's admin, the admin of another group, and a product
 * admin (ADMIN_EMAILS) who is not in the group.
 */
export const CALLERS = [
  "signedOut",
  "guest",
  "stranger",
  "member",
  "removed",
  "admin",
  "otherAdmin",
  "productAdmin",
] as const;
export type Caller = (typeof CALLERS)[number];
/** The signed-in callers, whom a matrix makes itself. */
export type Person = Exclude<Caller, "signedOut" | "guest">;

/** The `productAdmin` caller's address: the matrices' apps list it in ADMIN_EMAILS. */
export const PRODUCT_ADMIN_EMAIL = "matrix-product-admin@example.test";

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

/** Proves `client` is counted a product admin, so its row is not a stranger's under another name. */
export async function expectProductAdmin(client: TestClient) {
  const answer = await client.get<{ data: { isAdmin: boolean } }>("/api/check-admin");
  if (answer.status !== 200 || answer.body.data.isAdmin !== true) {
    throw new Error(`the product admin is not one: ${answer.status} ${answer.text}`);
  }
}

/**
 * The matrix's figures, printed once the file is done: calls made, and calls that
 * should have been refused but got a 2xx (any is also a failed row).
 */
export function matrixTally(name: string) {
  const figures = { tried: 0, unexpected2xx: 0 };
  return {
    count(expected: number, status: number) {
      figures.tried += 1;
      if (expected >= 400 && status >= 200 && status < 300) figures.unexpected2xx += 1;
    },
    report() {
      console.info(
        `${name} matrix: ${CALLERS.length} callers, ${figures.tried} calls, ${figures.unexpected2xx} unexpected 2xx`,
      );
    },
  };
}
