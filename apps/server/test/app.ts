import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { type App, buildApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import type { Db } from "../src/db/client";
import { outbox } from "../src/db/schema";
import { AUTH_BASE_PATH } from "../src/lib/auth/provider";
import { type Clock, createClock } from "../src/lib/clock";
import { XSRF_COOKIE, XSRF_HEADER } from "../src/plugins/security";
import { openTestDatabase, type TestDatabase } from "./db";
import { linkIn, type ReceivedMail } from "./smtp-receiver";

export const SESSION_COOKIE = "better-auth.session_token";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with `content-type: application/json` unless headers say otherwise. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /** Echo the XSRF cookie in the header on non-GET calls, as the web client does (default). */
  xsrf?: boolean;
  /** The peer's address as the server sees it (in-process calls only; default 127.0.0.1). */
  remoteAddress?: string;
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: T;
  text: string;
}

interface WireRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress?: string;
}
type Transport = (request: WireRequest) => Promise<Omit<TestResponse, "body">>;

/**
 * One browser: it keeps its cookies (the XSRF token, better-auth's session) and
 * follows the anti-forgery rules the web client follows.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  private bearer: string | undefined;

  constructor(
    private readonly transport: Transport,
    /** PUBLIC_URL: better-auth only takes cookie POSTs from trusted origins. */
    private readonly origin: string,
  ) {
    // Double-submit token: any value works as long as cookie and header agree.
    this.cookies.set(XSRF_COOKIE, randomBytes(16).toString("base64url"));
  }

  get<T = unknown>(url: string, options?: RequestOptions) {
    return this.request<T>("GET", url, options);
  }

  post<T = unknown>(url: string, options?: RequestOptions) {
    return this.request<T>("POST", url, options);
  }

  async request<T = unknown>(
    method: Method,
    url: string,
    { body, rawBody, headers = {}, xsrf = true, remoteAddress }: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const wire: Record<string, string> = {};
    if (this.cookies.size) {
      wire.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    if (method !== "GET" && xsrf) wire[XSRF_HEADER] = this.cookies.get(XSRF_COOKIE) ?? "";
    if (url.startsWith(`${AUTH_BASE_PATH}/`)) wire.origin = this.origin;
    if (this.bearer) wire.authorization = `Bearer ${this.bearer}`;
    const payload = body !== undefined ? JSON.stringify(body) : rawBody;
    if (payload !== undefined) wire["content-type"] = "application/json";

    const response = await this.transport({
      method,
      url,
      headers: { ...wire, ...headers },
      payload,
      remoteAddress,
    });
    this.remember(response.headers.getSetCookie());
    return { ...response, body: parseJson(response.text) as T };
  }

  put<T = unknown>(url: string, options?: RequestOptions) {
    return this.request<T>("PUT", url, options);
  }

  /** PUT a multipart/form-data body with one file field, as a browser's FormData does. */
  upload<T = unknown>(
    url: string,
    file: { content: Buffer; filename?: string; type?: string; field?: string },
  ) {
    const boundary = `----eitheror${randomBytes(8).toString("hex")}`;
    const head =
      `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.filename ?? "photo.png"}"\r\n` +
      `Content-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`;
    return this.put<T>(url, {
      rawBody: Buffer.concat([
        Buffer.from(head),
        file.content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
  }

  /** POST /api/auth/sign-in/anonymous: the guest session of the landing page. */
  async signInAnonymously(): Promise<{ id: string }> {
    const response = await this.post<{ user: { id: string } }>(
      `${AUTH_BASE_PATH}/sign-in/anonymous`,
      { body: {} },
    );
    if (response.status !== 200 || !this.cookies.has(SESSION_COOKIE)) {
      throw new Error(`anonymous sign-in failed: ${response.status} ${response.text}`);
    }
    return { id: response.body.user.id };
  }

  /** Calls as an API client with a session token instead of cookies. */
  useBearer(token: string): this {
    this.bearer = token;
    return this;
  }

  private remember(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const split = pair.indexOf("=");
      const name = pair.slice(0, split).trim();
      const value = pair.slice(split + 1).trim();
      const expired = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A live event stream never ends: a plain request reads its status and headers and hangs up. */
const isEventStream = (headers: Headers) =>
  (headers.get("content-type") ?? "").startsWith("text/event-stream");

export function injectTransport(app: App): Transport {
  return async ({ method, url, headers, payload, remoteAddress }) => {
    const response = await app.inject({
      method,
      url,
      headers,
      payload,
      remoteAddress,
      payloadAsStream: true,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of [value].flat()) responseHeaders.append(name, String(item));
    }
    const body = response.stream();
    if (isEventStream(responseHeaders)) {
      // In process, hanging up would read as a failed request: the stream is
      // drained instead, and ends when the app closes.
      body.resume();
      return { status: response.statusCode, headers: responseHeaders, text: "" };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk));
    const text = Buffer.concat(chunks).toString();
    return { status: response.statusCode, headers: responseHeaders, text };
  };
}

function fetchTransport(baseUrl: string): Transport {
  return async ({ method, url, headers, payload, remoteAddress }) => {
    if (remoteAddress) throw new Error("remoteAddress works for in-process calls only");
    const response = await fetch(new URL(url, baseUrl), { method, headers, body: payload });
    if (isEventStream(response.headers)) {
      await response.body?.cancel();
      return { status: response.status, headers: response.headers, text: "" };
    }
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
}

/**
 * Real HTTP from a chosen address of this machine (`localAddress`, any of
 * 127.0.0.0/8 on Linux): what several machines would look like to the server.
 */
function boundTransport(baseUrl: string, localAddress: string): Transport {
  return ({ method, url, headers, payload }) =>
    new Promise((resolve, reject) => {
      const outgoing = httpRequest(new URL(url, baseUrl), { method, headers, localAddress });
      outgoing.on("error", reject);
      outgoing.on("response", (incoming) => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const item of [value ?? []].flat()) responseHeaders.append(name, item);
        }
        const status = incoming.statusCode ?? 0;
        if (isEventStream(responseHeaders)) {
          incoming.destroy();
          return resolve({ status, headers: responseHeaders, text: "" });
        }
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () =>
          resolve({ status, headers: responseHeaders, text: Buffer.concat(chunks).toString() }),
        );
      });
      outgoing.end(payload);
    });
}

/** A new browser talking over real HTTP to a server this process did not start (a child process). */
export function remoteClient(baseUrl: string): TestClient {
  return new TestClient(fetchTransport(baseUrl), baseUrl);
}

export interface TestAppOptions {
  /** Environment variables on top of APP_ENV=test and a temporary DATA_DIR. */
  env?: Record<string, string>;
  /** A built web app to serve (default: apps/web/dist, which may not be built). */
  webRoot?: string;
  /** How long a request may take to arrive (default: the app's own). */
  requestTimeoutMs?: number;
  /** Where the app's log lines go (default: standard output). */
  logStream?: { write(line: string): void };
}

/** Every clock a test app runs on: setup.ts puts them all back after each test. */
const clocks = new Set<Clock>();
export function resetTestClocks() {
  for (const clock of clocks) clock.reset();
}

export interface TestApp {
  app: App;
  /** The app's own clock; POST /api/test/clock moves it, as a test may do directly. */
  clock: Clock;
  config: Config;
  database: TestDatabase;
  db: Db;
  /** A new browser talking to the app in process (`app.inject`). */
  client(): TestClient;
  /**
   * A new browser talking over real HTTP: listens on a free port on first use.
   * `localAddress` (127.0.0.2…) makes it another machine as the server sees it.
   */
  httpClient(options?: { localAddress?: string }): Promise<TestClient>;
  /** A new browser with an anonymous session. */
  anonymous(options?: { http?: boolean }): Promise<TestClient & { userId: string }>;
  /** The newest mail the app kept in its outbox for `email` (no SMTP_URL set). */
  lastMail(email: string): Promise<ReceivedMail & { token: string }>;
  /**
   * Signs `client` (default: a new browser) in through the real e-mail link;
   * with a `name` (default) also past the details screen.
   */
  signIn(
    email: string,
    options?: { name?: string | null; client?: TestClient },
  ): Promise<TestClient & { userId: string }>;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh copy of the migrated, seeded test database. Call it in
 * beforeAll and close() it in afterAll.
 */
export async function createTestApp({
  env = {},
  webRoot,
  requestTimeoutMs,
  logStream,
}: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), "eitheror-test-"));
  // Every test browser comes from 127.0.0.1, and one person makes a group per test:
  // only the tests of the limits themselves want them low.
  const config = loadConfig({
    APP_ENV: "test",
    DATA_DIR: dataDir,
    SIGN_IN_LIMIT_PER_IP: "1000",
    GROUP_LIMIT_PER_USER: "1000",
    GROUP_LIMIT_PER_IP: "1000",
    INVITE_MISS_LIMIT_PER_IP: "1000",
    VOTE_LIMIT_PER_IP: "100000",
    ...env,
  });
  const database = await openTestDatabase();
  const clock = createClock();
  clocks.add(clock);
  let app: App;
  try {
    app = await buildApp({ config, database, clock, webRoot, requestTimeoutMs, logStream });
  } catch (error) {
    await database.close();
    throw error;
  }
  let baseUrl: Promise<string> | undefined;

  const testApp: TestApp = {
    app,
    clock,
    config,
    database,
    db: database.db,
    client: () => new TestClient(injectTransport(app), config.publicUrl),
    async httpClient({ localAddress } = {}) {
      baseUrl ??= app.listen({ host: "127.0.0.1", port: 0 }).then(() => {
        const { port } = app.server.address() as AddressInfo;
        return `http://127.0.0.1:${port}`;
      });
      const base = await baseUrl;
      const transport = localAddress ? boundTransport(base, localAddress) : fetchTransport(base);
      return new TestClient(transport, config.publicUrl);
    },
    async anonymous({ http = false } = {}) {
      const client = http ? await testApp.httpClient() : testApp.client();
      const { id } = await client.signInAnonymously();
      return Object.assign(client, { userId: id });
    },
    async lastMail(email) {
      const [row] = await database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, email))
        .orderBy(desc(outbox.createdAt))
        .limit(1);
      if (!row) throw new Error(`no mail to ${email} in the outbox`);
      const { subject, text, html } = row;
      const headers = new Map(Object.entries(row.headers).map(([k, v]) => [k.toLowerCase(), v]));
      const mail: ReceivedMail = { to: [row.to], subject, headers, text, html, link: linkIn(text) };
      const token = mail.link ? new URL(mail.link).searchParams.get("token") : null;
      if (!token) throw new Error(`the mail to ${email} holds no sign-in link`);
      return { ...mail, token };
    },
    async signIn(email, { name = "Test Player", client = testApp.client() } = {}) {
      const sent = await client.post("/api/sign-in/email-link/send", {
        body: { email, actionCodeSettings: { url: "/sign-in/link-router", handleCodeInApp: true } },
      });
      if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${sent.text}`);
      const { token } = await testApp.lastMail(email.trim().toLowerCase());
      const done = await client.post<{ data: { userData: { id: string } } }>(
        "/api/sign-in/email-link/complete",
        { body: { token, email } },
      );
      if (done.status !== 200) throw new Error(`complete failed: ${done.status} ${done.text}`);
      if (name) {
        const named = await client.post(`${AUTH_BASE_PATH}/update-user`, { body: { name } });
        if (named.status !== 200) throw new Error(`naming failed: ${named.status} ${named.text}`);
      }
      return Object.assign(client, { userId: done.body.data.userData.id });
    },
    async close() {
      clocks.delete(clock);
      try {
        await app.close();
      } finally {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
  return testApp;
}
