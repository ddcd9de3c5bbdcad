import { readFileSync, rmSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { GlobalDilemma } from "@eitheror/shared/global-dilemma/schema";
import { escapeHtml } from "@eitheror/shared/shell/markup";
import { initialDataSchema } from "@eitheror/shared/shell/schema";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { fakeWebBuild, webSource } from "../../test/web-build";
import { renderManifest, renderPage, spaPlugin } from "./spa";

/** The web app's real page template: its markers are what the server fills in. */
const template = readFileSync(webSource("index.html"), "utf8");

const hostile = `</title></script><script>alert("x")</script><img src=x onerror=alert(1)> & 'q'`;
const dilemma: GlobalDilemma = {
  id: "d-1",
  day: "2026-11-22",
  dilemma: `Tea or coffee? ${hostile}`,
  optionA: `Tea ${hostile}`,
  optionB: "Coffee </script>",
  countA: 3,
  countB: 1,
};
const page = (options: Partial<Parameters<typeof renderPage>[1]> = {}) =>
  renderPage(template, {
    local: false,
    title: "eitheror",
    publicUrl: "https://play.example",
    path: "/",
    now: new Date("2026-11-23T10:00:00Z"),
    ...options,
  });

/** The JSON block the app starts from, parsed as the browser would read it. */
function initialData(html: string) {
  const block = /<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(html);
  return block?.[1] === undefined ? null : initialDataSchema.parse(JSON.parse(block[1]));
}
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe("renderPage", () => {
  it("marks the body `local` in local mode only", () => {
    expect(page({ local: true })).toContain('<body class="local">');
    expect(page({ local: false })).toContain("<body>");
  });

  it("paints today's dilemma on `/`: the date, the question as the page's h1, both options", () => {
    const html = page({ dilemma: { ...dilemma, dilemma: "Tea or coffee?", optionA: "Tea" } });
    // The dilemma's own UTC day (2026-11-22), not the moment of the request (the 23rd).
    expect(html).toContain("Today&#39;s dilemma · Sunday, November 22</p>");
    expect(html.match(/<h1[^>]*>([^<]*)<\/h1>/g)).toEqual([
      expect.stringContaining(">Tea or coffee?</h1>"),
    ]);
    expect(html).toContain('<span class="sr-only">Option A: </span>Tea</span>');
    expect(html).toContain("Pick one to see how everyone else chose.");
    expect(html).not.toContain('role="status"');
  });

  it("hands the app today's dilemma as data, exactly as it is, and yesterday's with it", () => {
    expect(initialData(page({ dilemma }))).toEqual({ globalDilemma: dilemma });
    const yesterday = { ...dilemma, id: "d-0", day: "2026-11-21" };
    expect(initialData(page({ dilemma, yesterday }))).toEqual({
      globalDilemma: dilemma,
      yesterdayDilemma: yesterday,
    });
    // None yesterday is said as such: the app then keeps no place for it.
    expect(initialData(page({ dilemma, yesterday: null }))).toEqual({
      globalDilemma: dilemma,
      yesterdayDilemma: null,
    });
  });

  it("shows the loader and no data where there is no dilemma to paint", () => {
    const html = page({ path: "/sign-in" });
    expect(html).toContain('role="status"');
    expect(html).toContain('<span class="sr-only">Loading</span>');
    expect(html).not.toContain("<h1");
    expect(initialData(html)).toBeNull();
  });

  it("escapes a hostile dilemma everywhere it is written: no tag or script of its own gets in", () => {
    const html = page({ dilemma });
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("</title></script>");
    // The only scripts are the page's own: the data block does not end early.
    const ownScripts = template.match(/<\/script>/g)?.length ?? 0;
    expect(html.match(/<\/script>/g)).toHaveLength(ownScripts + 1);
    expect(html).toContain("Tea or coffee? &#60;/title&#62;&#60;/script&#62;");
  });

  it("writes APP_TITLE, escaped, into the title, the brand and the share tags", () => {
    const title = `Tom & "Jerry" <3 </title><script>x</script>`;
    const escaped =
      "Tom &#38; &#34;Jerry&#34; &#60;3 &#60;/title&#62;&#60;script&#62;x&#60;/script&#62;";
    const html = page({ title });
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta name="application-name" content="${escaped}"`);
    expect(html).toContain(`>${escaped}</a></nav></header>`);
    expect(meta(html, "og:title")).toBe(escaped);
    expect(meta(html, "og:site_name")).toBe(escaped);
    expect(meta(html, "twitter:title")).toBe(escaped);
    expect(html).not.toContain("<script>x");
  });

  it("gives `/` a share preview: title, description, a large image at an absolute address", () => {
    const html = page({ title: "eitheror" });
    expect(meta(html, "og:title")).toBe("eitheror");
    expect(meta(html, "og:description")).toMatch(/^One question a day/);
    expect(meta(html, "og:url")).toBe("https://play.example/");
    expect(meta(html, "og:image")).toBe("https://play.example/og-image.png");
    expect(meta(html, "og:image:width")).toBe("1200");
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "twitter:image")).toBe("https://play.example/og-image.png");
  });

  it("gives an invitation link the invitation's preview, quoting the game's title", () => {
    const html = page({ path: "/invite/abc123", title: "eitheror" });
    expect(meta(html, "og:title")).toBe("You are invited!");
    expect(meta(html, "twitter:title")).toBe("You are invited!");
    expect(meta(html, "og:description")).toBe(
      "Join my group on &#34;eitheror&#34;, the social game where friends guess each other&#39;s picks.",
    );
    expect(meta(html, "og:url")).toBe("https://play.example/invite/abc123");
  });

  it("gives a shared page its own preview: its question, text and picture, escaped", () => {
    const html = page({
      path: "/daily/2026-11-22",
      preview: {
        title: `Tea or coffee? ${hostile}`,
        description: `Tea ${hostile} or Coffee?`,
        imagePath: "/api/share/daily/2026-11-22/image.png",
        imageAlt: `Tea or coffee? ${hostile}`,
      },
    });
    const image = "https://play.example/api/share/daily/2026-11-22/image.png";
    expect(meta(html, "og:title")).toMatch(/^Tea or coffee\? &#60;\/title&#62;/);
    expect(meta(html, "twitter:title")).toBe(meta(html, "og:title"));
    expect(meta(html, "og:description")).toMatch(/^Tea &#60;\/title&#62;/);
    expect(meta(html, "og:url")).toBe("https://play.example/daily/2026-11-22");
    expect(meta(html, "og:image")).toBe(image);
    expect(meta(html, "twitter:image")).toBe(image);
    expect(meta(html, "og:image:width")).toBe("1200");
    expect(meta(html, "og:image:height")).toBe("630");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("</title></script>");
  });

  it("gives any other page the app's preview and address, not the path asked for", () => {
    const html = page({ path: "/user-profile/<x>" });
    expect(meta(html, "og:url")).toBe("https://play.example/");
    expect(html).not.toContain("user-profile");
  });
});

describe("renderManifest", () => {
  it("names the installed app after APP_TITLE", () => {
    const manifest = JSON.parse(
      renderManifest(readFileSync(webSource("public/manifest.webmanifest"), "utf8"), 'A "B"'),
    );
    expect(manifest).toMatchObject({ name: 'A "B"', short_name: 'A "B"', start_url: "/" });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual([
      "192x192",
      "512x512",
      "512x512",
    ]);
  });
});

describe("spaPlugin", () => {
  let build: ReturnType<typeof fakeWebBuild>;
  let app: FastifyInstance;
  const asked: string[] = [];
  let failing = false;

  beforeAll(async () => {
    build = fakeWebBuild();
    app = Fastify();
    await app.register(spaPlugin, {
      root: build.root,
      local: false,
      title: "eitheror",
      publicUrl: "http://localhost:3000",
      todayView: async () => {
        asked.push("today");
        if (failing) throw new Error("database down");
        return { today: dilemma, yesterday: null };
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(build.root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  it("sends brotli to a browser that takes it, with Vary, cached for good", async () => {
    const response = await get("/assets/index-abc123.js", { "accept-encoding": "gzip, br" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(response.rawPayload)).toEqual(build.script);
  });

  it("sends gzip to a browser without brotli, and the plain file to one that takes neither", async () => {
    const gzip = await get("/assets/index-abc123.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload)).toEqual(build.script);

    const plain = await get("/assets/index-abc123.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload).toEqual(build.script);
  });

  it("never serves source maps or the compressed twins under their own names", async () => {
    expect((await get("/assets/index-abc123.js.map")).statusCode).toBe(404);
    expect((await get("/assets/index-abc123.js.br")).statusCode).toBe(404);
    expect((await get("/assets/index-abc123.js.gz")).statusCode).toBe(404);
  });

  it("serves the page uncached, for `/` and for client routes", async () => {
    for (const url of ["/", "/sign-in", "/user-profile/x?y=1"]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves the service worker uncached, so a new release is found at the next check", async () => {
    const response = await get("/sw.js");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect((await get("/theme.js")).headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("serves the shell the service worker keeps at /index.html: the loader, no data", async () => {
    asked.length = 0;
    const response = await get("/index.html");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain('<span class="sr-only">Loading</span>');
    expect(initialData(response.body)).toBeNull();
    expect(asked).toEqual([]);
    expect((await get("/other.html")).statusCode).toBe(404);
  });

  it("reads today's dilemma for `/` only", async () => {
    asked.length = 0;
    await get("/sign-in");
    await get("/invite/abc");
    await get("/gameplay-diagram");
    expect(asked).toEqual([]);
    const landing = await get("/");
    expect(asked).toEqual(["today"]);
    expect(initialData(landing.body)).toEqual({ globalDilemma: dilemma, yesterdayDilemma: null });
  });

  it("still serves `/` when the dilemma cannot be read: the loader, and no data", async () => {
    failing = true;
    try {
      const response = await get("/");
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<span class="sr-only">Loading</span>');
      expect(initialData(response.body)).toBeNull();
    } finally {
      failing = false;
    }
  });

  it("serves the manifest with the product title", async () => {
    const response = await get("/manifest.webmanifest");
    expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(response.json()).toMatchObject({ name: "eitheror" });
  });

  it("answers a missing file with a 404, not the page", async () => {
    const response = await get("/assets/missing-123.js");
    expect(response.statusCode).toBe(404);
  });

  it("keeps the build's manifest to itself", async () => {
    expect((await get("/.vite/manifest.json")).statusCode).toBe(404);
  });

  /** The page's preload tags: [rel, href] in the order written. */
  const preloadsIn = (html: string) =>
    [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]*)">/g)].map(
      ([, rel, href]) => [rel, href],
    );
  const session = { cookie: "XSRF-TOKEN=x; better-auth.session_token=t.s" };

  it("has a member's group page load its code and first reads with the page", async () => {
    const html = (await get("/group/g%201", session)).body;
    expect(preloadsIn(html)).toEqual([
      ["preload", "/api/auth/get-session"],
      ["preload", "/api/check-admin"],
      ["preload", "/api/groups/g%201"],
      ["preload", "/api/groups/g%201/rounds/current"],
      ["preload", "/api/groups/g%201/rounds/reveal"],
      // The guard's and the screen's chunks and the contract the session read loads,
      // not what the page loads anyway (the entry, React) nor another screen.
      ["modulepreload", "/assets/guards-g1.js"],
      ["modulepreload", "/assets/ui-u1.js"],
      ["modulepreload", "/assets/contract-c1.js"],
      ["modulepreload", "/assets/zod-z1.js"],
      ["modulepreload", "/assets/group-s1.js"],
      ["modulepreload", "/assets/menu-m1.js"],
    ]);
    // Fetched as the app's own calls are (CORS, credentials same-origin), so they are used.
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/auth/get-session">',
    );
  });

  it("reads ahead a closed round's results, its votes and its group", async () => {
    const reads = preloadsIn((await get("/group/g1/archived-round/r1", session)).body)
      .filter(([rel]) => rel === "preload")
      .map(([, href]) => href);
    expect(reads).toEqual([
      "/api/auth/get-session",
      "/api/check-admin",
      "/api/groups/g1/rounds/r1",
      "/api/groups/g1/rounds/r1/votes",
      "/api/groups/g1",
    ]);
  });

  it("reads nothing ahead without a session (the page goes to sign in), and preloads nothing elsewhere", async () => {
    expect(preloadsIn((await get("/group/g1")).body).map(([rel]) => rel)).not.toContain("preload");
    expect(preloadsIn((await get("/group/%E0%A4%A", session)).body)).not.toContainEqual([
      "preload",
      "/api/check-admin",
    ]);
    for (const url of ["/", "/home", "/group-profile/g1", "/group/g1/leaderboard"]) {
      expect(preloadsIn((await get(url, session)).body)).toEqual([]);
    }
  });
});

describe("the landing page with the real app", () => {
  let t: TestApp;
  let build: ReturnType<typeof fakeWebBuild>;
  beforeAll(async () => {
    build = fakeWebBuild();
    t = await createTestApp({ webRoot: build.root, env: { APP_TITLE: "<b>Fun</b>" } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(build.root, { recursive: true, force: true });
  });

  it("carries today's dilemma and yesterday's result, the same the API answers", async () => {
    const client = t.client();
    const today = await client.get<{
      data: { globalDilemmaData: GlobalDilemma; yesterdayData: GlobalDilemma | null };
    }>("/api/dilemmas/global");
    const landing = await client.get("/");
    expect(initialData(landing.text)).toEqual({
      globalDilemma: today.body.data.globalDilemmaData,
      yesterdayDilemma: today.body.data.yesterdayData,
    });
    expect(landing.text).toContain("<title>&#60;b&#62;Fun&#60;/b&#62;</title>");
  });

  it("answers a range of a file, and a range past its end with a 416", async () => {
    const part = await t.client().get(build.asset, { headers: { range: "bytes=0-3" } });
    expect(part.status).toBe(206);
    expect(part.text).toBe(build.script.subarray(0, 4).toString());
    const past = await t.client().get(build.asset, { headers: { range: "bytes=999999-" } });
    expect(past.status).toBe(416);
    expect(past.body).toEqual({
      error: { code: "range_not_satisfiable", message: "Range Not Satisfiable" },
    });
  });
});

describe("a member's pages, painted with the real app (decision 0100)", () => {
  let t: TestApp;
  let build: ReturnType<typeof fakeWebBuild>;
  let member: TestClient;
  let friend: TestClient;
  let stranger: TestClient;
  let groupId: string;
  let roundId: string;
  const name = "Tom & Jerry's <b>Club</b> 🎲";
  beforeAll(async () => {
    build = fakeWebBuild();
    t = await createTestApp({ webRoot: build.root });
    member = await t.signIn("member@example.test", { name: "Mia" });
    friend = await t.signIn("friend@example.test", { name: "Kai" });
    stranger = await t.signIn("stranger@example.test", { name: "Sam" });
    const body = { name, maxMembers: 10, daysBetweenRounds: 1 };
    const created = await member.post<{ data: { groupId: string } }>("/api/groups/create", {
      body,
    });
    groupId = created.body.data.groupId;
    const read = await member.get<{ data: { groupData: { inviteCode: string } } }>(
      `/api/groups/${groupId}`,
    );
    const { inviteCode } = read.body.data.groupData;
    await friend.post(`/api/groups/${groupId}/members/add`, { body: { inviteCode } });
    const started = await member.post<{ data: { dilemmaData: { roundId: string } } }>(
      `/api/groups/${groupId}/rounds/start-first-round`,
    );
    roundId = started.body.data.dilemmaData.roundId;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(build.root, { recursive: true, force: true });
  });

  const question = async (client: TestClient) => {
    const round = await client.get<{ data: { dilemmaData: { dilemma: string } } }>(
      `/api/groups/${groupId}/rounds/current`,
    );
    return round.body.data.dilemmaData.dilemma;
  };

  it("paints a member's group page: its name as the h1, its size and pace, the tabs, the open round's question", async () => {
    const page = await member.get(`/group/${groupId}`);
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
    const escapedName = "Tom &#38; Jerry&#39;s &#60;b&#62;Club&#60;/b&#62; 🎲";
    expect(page.text).toContain(`<title>${escapedName} · eitheror</title>`);
    expect(page.text).toMatch(new RegExp(`<h1 class="[^"]*">${escapedName}</h1>`));
    expect(page.text).not.toContain("<b>Club");
    expect(page.text).toContain("2/10 members");
    expect(page.text).toContain("A round every day");
    expect(page.text).toMatch(/role="tab" disabled aria-selected="true"[^>]*>Current Round</);
    expect(page.text).toContain(`>${escapeHtml(await question(member))}</h2>`);
    expect(page.text).toMatch(/Votes due in \d+ (hours?|days?)</);
    // Its reads come with the page, its code after: the paint needs none of it.
    expect(page.text).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/groups/${groupId}">`,
    );
    expect(page.text).not.toContain('rel="modulepreload"');
  });

  it("paints the chosen tab without the round on another tab", async () => {
    const page = await member.get(`/group/${groupId}?tab=leaderboard`);
    expect(page.text).toMatch(/role="tab" disabled aria-selected="true"[^>]*>Leaderboard</);
    expect(page.text).not.toContain("</h2>");
  });

  it("paints nothing of a group for anyone else: a stranger's session, none, a forged one", async () => {
    const anonymous = t.client();
    const forged = t.client();
    forged.cookies.set("better-auth.session_token", "forged.signature");
    for (const client of [stranger, anonymous, forged]) {
      const page = await client.get(`/group/${groupId}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-cache");
      expect(page.text).not.toContain("Jerry");
      expect(page.text).not.toContain(await question(member));
      expect(page.text).toContain('role="status"'); // the loader the app starts with
      if (client === stranger) expect(page.text).toContain('rel="modulepreload"');
    }
  });

  it("paints nothing for an odd group id, a page that is not a member page, or a bad encoding", async () => {
    for (const url of [
      "/group/%E0%A4%A",
      `/group/${"x".repeat(300)}`,
      `/group-profile/${groupId}`,
    ]) {
      const page = await member.get(url);
      expect(page.status).toBeLessThan(500);
      expect(page.text).not.toContain("Jerry");
    }
  });

  it("paints a closed round for its members only: the way back, the question as the h1, when it closed", async () => {
    const asked = await question(member);
    const { body } = await member.get<{ data: { groupData: { members: { id: string }[] } } }>(
      `/api/groups/${groupId}`,
    );
    for (const voter of [member, friend]) {
      for (const { id } of body.data.groupData.members) {
        await voter.post(`/api/groups/${groupId}/rounds/${roundId}/vote`, {
          body: { selectedFor: id, optionSelected: "A" },
        });
      }
      await voter.post(`/api/groups/${groupId}/rounds/${roundId}/submit-votes`);
    }
    const path = `/group/${groupId}/archived-round/${roundId}`;
    const page = await friend.get(path);
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
    expect(page.text).toContain("<title>Past round · eitheror</title>");
    expect(page.text).toContain(`href="/group/${groupId}?tab=past-rounds"`);
    expect(page.text).toContain(`>${escapeHtml(asked)}</h1>`);
    expect(page.text).toContain("Round completed less than 1 minute ago");
    const refused = await stranger.get(path);
    expect(refused.text).not.toContain(escapeHtml(asked));
    expect(refused.headers.get("cache-control")).toBe("no-cache");
  });
});
