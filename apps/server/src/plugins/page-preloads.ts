import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { operationUrl } from "@eitheror/shared/api/contract";
import { authApi, authProviderApi } from "@eitheror/shared/auth/contract";
import { groupsApi } from "@eitheror/shared/groups/contract";
import { roundsApi } from "@eitheror/shared/rounds/contract";
import type { MemberPage } from "@eitheror/shared/shell/member-pages";

/**
 * What a member's page starts loading with its HTML, before any script runs: its
 * screen's code (modulepreload) and its first API reads (preload as fetch), which
 * the app would otherwise ask for only after its own code, then the session
 * (issue 41, docs/decisions/0084-member-pages-first-load.md).
 */
export interface PagePreloads {
  /** The screen's code, as paths of the build's files ("/assets/…js"). */
  modules: string[];
  /** API paths the page reads first, as the app's fetches ask for them. */
  reads: string[];
  /** The page, for a request with a session cookie and parameters that decode (decision 0100). */
  page?: MemberPage;
}

/** One chunk of the web build's manifest (Vite's `build.manifest`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The module of the guard every member page waits behind: it reads the session. */
const MEMBER_GUARD = "src/features/auth/components/guards.tsx";

const segment = "([^/]+)";
/** Route parameters as the browser sent them (percent-encoded), or null when one is not valid. */
function decoded(values: string[]): string[] | null {
  try {
    return values.map((value) => decodeURIComponent(value));
  } catch {
    return null;
  }
}

/**
 * The member pages whose first paint waits for data (the web app's `paths.group`
 * and `paths.archivedRound`, with the reads their routes ask for first).
 */
const memberPages: {
  pattern: RegExp;
  screen: string;
  reads: (params: string[]) => string[];
  page: (params: string[]) => MemberPage;
}[] = [
  {
    pattern: new RegExp(`^/group/${segment}$`),
    page: ([id = ""]) => ({ kind: "group", id }),
    screen: "src/app/routes/group.tsx",
    reads: ([id = ""]) => [
      operationUrl(groupsApi.get, { id }),
      operationUrl(roundsApi.current, { id }),
      operationUrl(roundsApi.reveal, { id }),
    ],
  },
  {
    pattern: new RegExp(`^/group/${segment}/archived-round/${segment}$`),
    page: ([id = "", roundId = ""]) => ({ kind: "closedRound", id, roundId }),
    screen: "src/app/routes/archived-round.tsx",
    reads: ([id = "", roundId = ""]) => [
      operationUrl(roundsApi.round, { id, roundId }),
      operationUrl(roundsApi.votes, { id, roundId }),
      operationUrl(groupsApi.get, { id }),
    ],
  },
];

/** Every member page reads the session first, and a member's header asks whether they are an admin. */
const sessionReads = [operationUrl(authProviderApi.session), operationUrl(authApi.checkAdmin)];

/**
 * better-auth's session cookie (`__Secure-` under https): without one the page
 * goes to sign in, and reading ahead would only collect refusals.
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * The files a screen's code is in: the chunks it imports, and the contracts it
 * loads on its first call (the manifest names those by chunk, `_…`; a dynamic
 * import named by its source is another screen, loaded when shown). What the page
 * loads anyway (index.html's entry and its imports) is left out.
 */
function chunksOf(manifest: Manifest, modules: string[]): string[] {
  const shell = new Set(["index.html", ...(manifest["index.html"]?.imports ?? [])]);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || shell.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const loaded of chunk.dynamicImports ?? []) if (loaded.startsWith("_")) visit(loaded);
  };
  for (const module of modules) visit(module);
  return [...seen].map((key) => `/${manifest[key]?.file}`);
}

/**
 * What each member page preloads, from the web build's manifest (`.vite/manifest.json`
 * in `root`); without a manifest (a build without one, tests' fake builds), nothing.
 */
export function pagePreloadsOf(root: string) {
  const file = join(root, ".vite", "manifest.json");
  const manifest: Manifest | null = existsSync(file)
    ? JSON.parse(readFileSync(file, "utf8"))
    : null;
  const pages = memberPages.map((page) => ({
    ...page,
    modules: manifest ? chunksOf(manifest, [MEMBER_GUARD, page.screen]) : [],
  }));
  return (path: string, cookieHeader: string | undefined): PagePreloads | undefined => {
    for (const page of pages) {
      const match = page.pattern.exec(path);
      if (!match) continue;
      const params = decoded(match.slice(1));
      const signedIn = params !== null && SESSION_COOKIE.test(cookieHeader ?? "");
      if (!signedIn) return { modules: page.modules, reads: [] };
      return {
        modules: page.modules,
        reads: [...sessionReads, ...page.reads(params)],
        page: page.page(params),
      };
    }
    return undefined;
  };
}
