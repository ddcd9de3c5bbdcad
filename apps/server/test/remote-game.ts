// A game played against real server processes over HTTP: people signed in
// through the e-mailed link, a group with its first round, live streams read
// as a browser reads them, and the metrics port parsed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GroupData } from "@eitheror/shared/groups/schema";
import type { CurrentRound } from "@eitheror/shared/rounds/schema";
import { inject } from "vitest";
import { XSRF_COOKIE, XSRF_HEADER } from "../src/plugins/security";
import { remoteClient, type TestClient } from "./app";
import { testDbKind } from "./db";
import { cloneDatabase, databaseUrl, dropDatabase, uniqueDatabaseName } from "./postgres";
import type { SmtpReceiver } from "./smtp-receiver";

export type Data<T> = { data: T };
export type Member = TestClient & { userId: string };

/**
 * The data of a server process under test: PGlite in a fresh folder, or a fresh
 * PostgreSQL database copied from the migrated template. `cleanups` gets what
 * throws it away.
 */
export async function freshServerData(
  cleanups: (() => Promise<void> | void)[],
): Promise<Record<string, string>> {
  if (testDbKind() === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), "eitheror-process-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = uniqueDatabaseName("file");
  await cloneDatabase(adminUrl, inject("postgresTemplate"), name);
  cleanups.push(() => dropDatabase(adminUrl, name));
  return { DATABASE_URL: databaseUrl(adminUrl, name) };
}

/** Signs a new browser in through the e-mailed link, as the web app does, and names the account. */
export async function signInRemote(
  baseUrl: string,
  smtp: SmtpReceiver,
  email: string,
): Promise<Member> {
  const client = remoteClient(baseUrl);
  const sent = await client.post("/api/sign-in/email-link/send", {
    body: { email, actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true } },
  });
  if (sent.status !== 200) throw new Error(`send failed: ${sent.text}`);
  const link = (await smtp.waitFor(email)).link ?? "";
  const token = new URL(link).searchParams.get("token");
  const done = await client.post<Data<{ userData: { id: string } }>>(
    "/api/sign-in/email-link/complete",
    { body: { token, email } },
  );
  if (done.status !== 200) throw new Error(`complete failed: ${done.text}`);
  const named = await client.post("/api/auth/update-user", { body: { name: email.split("@")[0] } });
  if (named.status !== 200) throw new Error(`naming failed: ${named.status} ${named.text}`);
  return Object.assign(client, { userId: done.body.data.userData.id });
}

/** A group of every member, its first round running; answers the ids. */
export async function groupWithRound(members: Member[], name = "Ops club") {
  const [admin, ...others] = members as [Member, ...Member[]];
  const body = { name, maxMembers: 10, daysBetweenRounds: 2 };
  const created = await admin.post<Data<{ groupId: string }>>("/api/groups/create", { body });
  if (created.status !== 200) throw new Error(`create failed: ${created.status} ${created.text}`);
  const { groupId } = created.body.data;
  const read = await admin.get<Data<{ groupData: GroupData }>>(`/api/groups/${groupId}`);
  const { inviteCode } = read.body.data.groupData;
  for (const other of others) {
    await other.post(`/api/groups/${groupId}/members/add`, { body: { inviteCode } });
  }
  const started = await admin.post<Data<{ dilemmaData: CurrentRound }>>(
    `/api/groups/${groupId}/rounds/start-first-round`,
  );
  if (started.status !== 200) throw new Error(`start failed: ${started.text}`);
  return { groupId, roundId: started.body.data.dilemmaData.roundId };
}

/** The member's cookies, for a request the test client does not make (a stream). */
export function cookieOf(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** A group's event stream read as EventSource reads it: every byte kept. */
export async function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  const stream = { raw: "", ended: false };
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    try {
      for (;;) {
        const { value, done: finished } = (await reader?.read()) ?? { done: true };
        if (finished) break;
        stream.raw += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted by the test, or the server went away
    }
    stream.ended = true;
  })();
  return {
    status: response.status,
    headers: response.headers,
    get raw() {
      return stream.raw;
    },
    get ended() {
      return stream.ended;
    },
    /** Resolves true once the server has ended the stream (within `ms`). */
    async end(ms = 5000) {
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, ms))]);
      return stream.ended;
    },
    close: () => controller.abort(),
  };
}

/** One sample of Prometheus text: its name, its labels, its value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus' text format (what the metrics port answers) into samples. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] as string] = pair[2] as string;
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples named `name` whose labels include `labels`. */
export function samplesOf(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** Moves a server's test clock on and runs the jobs then due (only on this machine, never through a proxy). */
export async function advanceClock(baseUrl: string, advanceMs: number) {
  const response = await fetch(`${baseUrl}/api/test/clock`, {
    method: "POST",
    // The anti-forgery pair every POST carries (any value, as long as both agree).
    headers: {
      "content-type": "application/json",
      cookie: `${XSRF_COOKIE}=clock`,
      [XSRF_HEADER]: "clock",
    },
    body: JSON.stringify({ advanceMs }),
  });
  if (response.status !== 200) throw new Error(`test clock: ${response.status}`);
}
