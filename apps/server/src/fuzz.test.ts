// Every route of the OpenAPI description (and the few outside it) × malformed
// input: each must answer a 4xx in the error envelope, never a 5xx, and change nothing.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { errorEnvelopeSchema } from "@eitheror/shared/api/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../test/app";
import { rawHttp } from "../test/raw-http";
import {
  fillPath,
  type Ids,
  KNOWN_DEVICE_ROUTES,
  NON_CONTRACT_ROUTES,
  openApiRoutes,
  type Route,
  routeKey,
  snapshot,
  VALID,
  type Valid,
  world,
} from "../test/route-table";
import { KNOWN_DEVICE_PATH } from "./lib/auth/known-device";

const ADMIN_EMAIL = "fuzz-admin@example.test";

/** One malformed call: the path already filled in, the body as the wire carries it. */
interface Case {
  name: string;
  /** Path params sent as they are: already encoded, or deliberately not. */
  rawParams?: Record<string, string>;
  /** Appended to the query string as is (already encoded, or deliberately not). */
  rawQuery?: string;
  payload?: string | Buffer;
  contentType?: string;
  /** Well-formed after all (an unknown key in a body of optional fields): any status but a 5xx. */
  mayPass?: boolean;
}

const MB = 1024 * 1024;
/** Queries any text is a fine value of (a search): its "wrong" value is text like any other. */
const FREE_TEXT_QUERIES = new Set(["GET /api/admin/feedback?q"]);
const HUGE = "x".repeat(MB);
const DEPTH = 10_000;
const DEEP_ARRAY = `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`;
/** Bytes that are no UTF-8 at all: a lone continuation byte, and 0xFF. */
const INVALID_UTF8 = Buffer.from([0x61, 0x80, 0xff, 0x62]);
const MARK = "\u0001MARK\u0001";

/** `body` as JSON with `field` set to raw JSON text or to raw bytes. */
function withField(body: Record<string, unknown>, field: string, raw: string | Buffer): Buffer {
  const [head = "", tail = ""] = JSON.stringify({ ...body, [field]: MARK }).split(
    JSON.stringify(MARK),
  );
  const middle =
    typeof raw === "string"
      ? Buffer.from(raw)
      : Buffer.concat([Buffer.from('"'), raw, Buffer.from('"')]);
  return Buffer.concat([Buffer.from(head), middle, Buffer.from(tail)]);
}

const WRONG_TYPE: Record<string, string> = {
  string: "12345",
  integer: '"twelve"',
  number: '"twelve"',
  boolean: '"yes"',
  object: '"text"',
  array: '{"not":"a list"}',
};

function fieldCases(body: Record<string, unknown>, route: Route): Case[] {
  const cases: Case[] = [];
  for (const { name, type } of route.body?.fields ?? []) {
    const spoil = (what: string, raw: string | Buffer) =>
      cases.push({ name: `${what} in body.${name}`, payload: withField(body, name, raw) });
    spoil("a wrong type", WRONG_TYPE[type] ?? "12345");
    spoil("deep nesting", DEEP_ARRAY);
    spoil("a NUL", JSON.stringify("a\u0000b"));
    if (type !== "string") continue;
    spoil("a 1 MB string", JSON.stringify(HUGE));
    spoil("a lone surrogate", JSON.stringify("a\ud800b"));
    spoil("invalid UTF-8", INVALID_UTF8);
  }
  return cases;
}

function jsonBodyCases(valid: Valid, route: Route): Case[] {
  const body = valid.body ?? {};
  const rest = JSON.stringify(body).slice(1);
  const glue = rest === "}" ? "" : ",";
  const noFieldNeeded = !route.body?.fields.some((field) => field.required);
  return [
    // A body of optional fields may be left out: answered as `{}` (lib/http/operation.ts).
    { name: "no body", mayPass: noFieldNeeded },
    ...["[]", '"text"', "null", "42", '{"unclosed":'].map((payload) => ({
      name: `a body of ${payload}`,
      payload,
    })),
    { name: "deep [[[…]]] as the body", payload: DEEP_ARRAY },
    {
      name: "deep {a:{a:…}} as the body",
      payload: DEEP_OBJECT,
      mayPass: noFieldNeeded,
    },
    { name: "__proto__", payload: `{"__proto__":{"polluted":"yes"}${glue}${rest}` },
    {
      name: "constructor.prototype",
      payload: `{"constructor":{"prototype":{"polluted":"yes"}}${glue}${rest}`,
    },
    { name: "text/plain", payload: JSON.stringify(body), contentType: "text/plain" },
    {
      name: "a form",
      payload: "option=A",
      contentType: "application/x-www-form-urlencoded",
    },
    { name: "XML", payload: "<a/>", contentType: "application/xml" },
    ...fieldCases(body, route),
  ];
}

const multipartCases = (): Case[] => [
  { name: "no body", contentType: "multipart/form-data; boundary=x" },
  { name: "JSON", payload: '{"image":"x"}', contentType: "application/json" },
  {
    name: "a form with no closing boundary",
    payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    contentType: "multipart/form-data; boundary=x",
  },
  {
    name: "a form without a file",
    payload: '--x\r\nContent-Disposition: form-data; name="f"\r\n\r\nabc\r\n--x--\r\n',
    contentType: "multipart/form-data; boundary=x",
  },
  {
    name: "a file over the limit",
    payload: formWith(Buffer.alloc(6 * MB)),
    contentType: "multipart/form-data; boundary=x",
  },
];

function formWith(content: Buffer): Buffer {
  const head =
    '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
  return Buffer.concat([Buffer.from(head), content, Buffer.from("\r\n--x--\r\n")]);
}

/**
 * Values that are well-formed for a path parameter of this name but no database
 * column holds: each was a 500 once.
 */
const PARAM_CASES: Record<string, [string, string][]> = {
  day: [
    ["year 0000", "0000-01-01"],
    ["0000-02-29 (a leap day only JavaScript has)", "0000-02-29"],
    ["a day no month has", "2026-02-30"],
    ["a five-digit year", "10000-01-01"],
  ],
};

function inputCases(valid: Valid, route: Route): Case[] {
  const cases: Case[] = [
    // Not undecodable bytes here: an unknown field keeps them as the literal `%ED…`, harmless.
    { name: "a NUL in an unknown query field", rawQuery: "zz=%00" },
  ];
  for (const { name } of route.params) {
    for (const [what, value] of [
      ["a NUL", "a%00b"],
      ["a lone surrogate", "%ED%A0%80"],
      ["invalid UTF-8", "%C3%28%FF"],
      ["a 1 MB string", HUGE],
      ...(PARAM_CASES[name] ?? []),
    ] as const) {
      cases.push({ name: `${what} in :${name}`, rawParams: { [name]: value } });
    }
  }
  for (const { name, type } of route.query) {
    const wrong = type === "string" ? "%C3%28%FF" : "twelve";
    cases.push({
      name: `a wrong value in ?${name}`,
      rawQuery: `${name}=${wrong}`,
      mayPass: FREE_TEXT_QUERIES.has(`${routeKey(route)}?${name}`),
    });
    cases.push({ name: `a 1 MB ?${name}`, rawQuery: `${name}=${HUGE}` });
  }
  if (!route.body) return cases;
  return [
    ...cases,
    ...(route.body.contentType === "application/json"
      ? jsonBodyCases(valid, route)
      : multipartCases()),
  ];
}

let t: TestApp;
let me: TestClient & { userId: string };
let ids: Ids;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  ({ me, ids } = await world(t, ADMIN_EMAIL));
});
afterAll(() => t?.close());

const madeUp = (params: Record<string, string> = {}) =>
  Object.fromEntries(Object.keys(params).map((name) => [name, randomUUID()]));

interface Tally {
  tried: number;
  serverErrors: number;
  accepted: number;
  failures: string[];
}

async function attempt(route: Route, valid: Valid, spoiled: Case, tally: Tally) {
  const path = fillPath(route.path, valid.params ?? {}, spoiled.rawParams);
  const known = new URLSearchParams(valid.query ?? {}).toString();
  const query = [known, spoiled.rawQuery].filter(Boolean).join("&");
  const headers: Record<string, string> = {};
  if (spoiled.contentType) headers["content-type"] = spoiled.contentType;
  const response = await me.request(route.method, query ? `${path}?${query}` : path, {
    rawBody: spoiled.payload,
    headers,
  });
  tally.tried += 1;
  const label = `${routeKey(route)} with ${spoiled.name}: ${response.status} ${response.text.slice(0, 160)}`;
  if (response.status >= 500) tally.serverErrors += 1;
  const refused = response.status >= 400 && response.status < 500;
  const enveloped = errorEnvelopeSchema.safeParse(response.body).success;
  if (spoiled.mayPass && response.status < 400) return;
  if (response.status < 400) tally.accepted += 1;
  if (!refused || !enveloped) tally.failures.push(label);
}

describe("malformed input on every route", () => {
  it("has a well-formed call for every route of the OpenAPI description, and no other", async () => {
    const keys = [...(await openApiRoutes(t)), ...NON_CONTRACT_ROUTES].map(routeKey);
    expect(Object.keys(VALID).sort()).toEqual(keys.sort());
  });

  it("answers a 4xx envelope, never a 5xx, and changes nothing", async () => {
    const routes = [...(await openApiRoutes(t)), ...NON_CONTRACT_ROUTES];
    const before = await snapshot(t);
    const tally: Tally = { tried: 0, serverErrors: 0, accepted: 0, failures: [] };
    for (const route of routes) {
      const valid = VALID[routeKey(route)]?.(ids) ?? {};
      for (const spoiled of inputCases(valid, route)) await attempt(route, valid, spoiled, tally);
      if (route.params.length === 0) continue;
      // Made-up ids: the same cases, and the one well-formed call that names nothing real.
      const other = { ...valid, params: madeUp(valid.params) };
      const wellFormed = { name: "made-up ids", payload: other.body && JSON.stringify(other.body) };
      const multipart = route.body?.contentType === "multipart/form-data";
      const cases = [...(multipart ? [] : [wellFormed]), ...inputCases(other, route)];
      for (const spoiled of cases) await attempt(route, other, spoiled, tally);
    }
    console.info(
      `fuzz: ${routes.length} routes, ${tally.tried} cases, ${tally.serverErrors} 5xx, ${tally.accepted} unexpected 2xx/3xx`,
    );
    expect(tally.failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await snapshot(t)).toEqual(before);
    // About 740 requests in a row: seconds alone, far longer beside other suites on two cores.
  }, 180_000);
});

describe("what the server reads beside the body", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: "true" } });
  });
  afterAll(() => proxied?.close());

  const KNOWN_DEVICE_COOKIES = [
    ["an empty value", ""],
    ["dots only", "....."],
    ["too many signatures", `${"A".repeat(22)}${`.${"B".repeat(22)}`.repeat(50)}`],
    ["a 4 kB value", "x".repeat(4096)],
    ["percent-encoded control bytes", "%00%01.%FF"],
    ["base64 padding and slashes", `${"A".repeat(20)}==.${"B/".repeat(11)}`],
  ];

  it("knows every route under the known-device cookie's path", async () => {
    const under = (await openApiRoutes(t))
      .map(routeKey)
      .filter((key) => key.split(" ")[1]?.startsWith(`${KNOWN_DEVICE_PATH}/`));
    expect(under.sort()).toEqual([...KNOWN_DEVICE_ROUTES].sort());
  });

  it.each(KNOWN_DEVICE_COOKIES)(
    "takes a known-device cookie of %s without a 5xx",
    async (_, value) => {
      for (const key of KNOWN_DEVICE_ROUTES) {
        const [method = "", path = ""] = key.split(" ");
        const valid = VALID[key]?.(ids) ?? {};
        const browser = t.client();
        browser.cookies.set("eitheror.known_device", value);
        const response = await browser.request(method as "POST", path, { body: valid.body });
        expect(response.status, key).toBeLessThan(500);
        if (response.status >= 400) {
          expect(errorEnvelopeSchema.safeParse(response.body).success, key).toBe(true);
        }
      }
    },
  );

  it.each([
    ["a word", "unknown"],
    ["an empty list", ", ,"],
    ["a bracketed IPv6 with a port", "[2001:db8::1]:443"],
    ["an address with a port", "203.0.113.5:8080"],
    [
      "a thousand entries",
      Array.from({ length: 1000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(", "),
    ],
  ])("behind a proxy, takes an X-Forwarded-For of %s without a 5xx", async (_, forwardedFor) => {
    const response = await proxied.client().post("/api/sign-in/email-link/send", {
      body: VALID["POST /api/sign-in/email-link/send"]?.(ids).body,
      headers: { "x-forwarded-for": forwardedFor },
    });
    expect(response.status).toBeLessThan(500);
  });
});

describe("raw bytes on the wire", () => {
  // What no HTTP client library would send: Node's parser refuses it before Fastify routes.
  it.each([
    ["bytes that are no ASCII in the path", "GET /api/users/\xff\xfe HTTP/1.1", 400],
    ["a control character in the path", "GET /api/users/a\x01b HTTP/1.1", 400],
    ["a raw byte in the query", "GET /api/groups?x=\xff HTTP/1.1", 400],
    ["a request line over the header limit", `GET /api/${"a/".repeat(20_000)} HTTP/1.1`, 431],
  ])("answers %s in the error envelope", async (_, line, status) => {
    await t.httpClient();
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = [...me.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const head = `${line}\r\nHost: localhost\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`;
    const response = await rawHttp(port, Buffer.from(head, "latin1"));
    expect(response.status).toBe(status);
    expect(errorEnvelopeSchema.safeParse(JSON.parse(response.body)).success).toBe(true);
  });
});
