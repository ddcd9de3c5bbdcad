import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../test/db";
import { outbox } from "./schema";
import { createTransactor } from "./transaction";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const mail = (to: string) => ({ to, subject: "s", text: "t", html: "<p>h</p>" });

async function keptFor(to: string) {
  const [row] = await database.db.select({ n: count() }).from(outbox).where(eq(outbox.to, to));
  return row?.n ?? 0;
}

describe("after-commit effects", () => {
  it("run once the transaction has committed, and see what it wrote", async () => {
    const transaction = createTransactor(database.db, () => {});
    const seen: number[] = [];
    await transaction(async ({ tx, afterCommit }) => {
      await tx.insert(outbox).values(mail("committed@example.test"));
      // Read through the database, not the transaction: only a commit makes it visible.
      afterCommit(async () => seen.push(await keptFor("committed@example.test")));
      seen.push(-1);
    });
    expect(seen).toEqual([-1, 1]);
  });

  it("never run when the transaction rolls back", async () => {
    const transaction = createTransactor(database.db, () => {});
    const sent: string[] = [];
    await expect(
      transaction(async ({ tx, afterCommit }) => {
        await tx.insert(outbox).values(mail("rolled-back@example.test"));
        afterCommit(() => sent.push("the e-mail"));
        throw new Error("a rule refused the change");
      }),
    ).rejects.toThrow("a rule refused the change");
    expect(sent).toEqual([]);
    expect(await keptFor("rolled-back@example.test")).toBe(0);
  });

  it("report a failed effect without undoing the commit or skipping the next effect", async () => {
    const failures: unknown[] = [];
    const transaction = createTransactor(database.db, (error) => failures.push(error));
    const ran: string[] = [];
    const result = await transaction(async ({ tx, afterCommit }) => {
      await tx.insert(outbox).values(mail("kept@example.test"));
      afterCommit(() => {
        throw new Error("smtp down");
      });
      afterCommit(() => ran.push("second"));
      return "done";
    });
    expect(result).toBe("done");
    expect(ran).toEqual(["second"]);
    expect(failures).toHaveLength(1);
    expect(await keptFor("kept@example.test")).toBe(1);
  });
});
