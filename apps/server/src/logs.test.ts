// What an operator follows in the logs: every request's id, in its lines and in
// its answer's X-Request-Id (a trusted proxy's own id when there is one), and a
// failure logged once, with its cause and without the values it was given.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  err?: Logged;
}
interface Logged {
  type: string;
  message: string;
  stack: string;
  cause?: Logged;
}

/** The messages of an error and of each of its causes, outermost first. */
function chain(err: Logged | undefined): string[] {
  return err ? [err.message, ...chain(err.cause)] : [];
}

const PROXY = "10.0.0.7";
const OWN_ID = /^[0-9a-f]{8}-[0-9a-z]+$/;

describe("request ids and error lines", () => {
  let direct: TestApp;
  let proxied: TestApp;
  const lines: Line[] = [];

  beforeAll(async () => {
    direct = await createTestApp();
    // Only the proxy at PROXY is trusted: what it relays carries its id.
    proxied = await createTestApp({
      env: { TRUST_PROXY: "true" },
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it("makes up its own id when nobody it trusts sent one, and answers it", async () => {
    const first = await direct.client().get("/api/health", {
      headers: { "x-request-id": "chosen-by-the-client" },
    });
    const second = await direct.client().get("/api/health");
    const [a, b] = [first.headers.get("x-request-id"), second.headers.get("x-request-id")];
    expect(a).toMatch(OWN_ID);
    expect(b).toMatch(OWN_ID);
    expect(a).not.toBe(b);
  });

  it("takes a trusted proxy's well-formed id, and only a well-formed one", async () => {
    const relayed = await proxied.client().get("/api/health", {
      headers: {
        "x-request-id": "3f2a9c0e5b7d41e6a8c2d4f6b8a0c2e4",
        "x-forwarded-for": "203.0.113.9",
      },
      remoteAddress: PROXY,
    });
    expect(relayed.headers.get("x-request-id")).toBe("3f2a9c0e5b7d41e6a8c2d4f6b8a0c2e4");
    const garbled = await proxied.client().get("/api/health", {
      headers: { "x-request-id": "no spaces allowed\u0007" },
      remoteAddress: PROXY,
    });
    expect(garbled.headers.get("x-request-id")).toMatch(OWN_ID);
  });

  it("logs a failure once, under the request's id, with its cause and without the values", async () => {
    const player = await proxied.signIn("logs@example.test");
    await proxied.db.execute(sql`ALTER TABLE groups RENAME TO groups_elsewhere`);
    try {
      lines.length = 0;
      const failed = await player.post("/api/groups/create", {
        body: { name: "Secret Supper Club", maxMembers: 5, daysBetweenRounds: 2 },
        headers: { "x-request-id": "proxy-id-42" },
        remoteAddress: PROXY,
      });
      expect(failed.status).toBe(500);
      expect(failed.headers.get("x-request-id")).toBe("proxy-id-42");
      const errors = lines.filter((line) => line.level >= 50);
      expect(errors).toHaveLength(1);
      const [line] = errors as [Line];
      expect(line.reqId).toBe("proxy-id-42");
      expect(line.msg).toBe("request failed");
      const messages = chain(line.err);
      expect(messages[0]).toMatch(/^Failed query: insert into "groups"/);
      expect(messages).toContain('relation "groups" does not exist');
      expect(JSON.stringify(line)).not.toContain("Secret Supper Club");
    } finally {
      await proxied.db.execute(sql`ALTER TABLE groups_elsewhere RENAME TO groups`);
    }
  });
});
