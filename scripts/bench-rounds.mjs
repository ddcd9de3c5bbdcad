// @ts-check
// The round's hot paths for `npm run bench`: a group of MEMBERS fully signed-in
// players (each through a real e-mail link, read from the mail catcher) plays one
// round; autocannon then reads the current round and saves votes, every request
// from a member in turn. After the load every member's votes are still theirs.

export const MEMBERS = 20;

/** @typedef {ReturnType<typeof person> & { id: string }} Player */
/**
 * What `inTurn` sends: one request per turn, its body made for the turn.
 * @typedef {{ method: string; turns?: number; body?: (turn: number) => unknown }} TurnRequest
 */

/**
 * A cookie jar for one person: the anti-forgery token and the session.
 * @param {string} base
 */
function person(base) {
  /** @type {Map<string, string>} */
  const cookies = new Map();
  const take = (/** @type {Response} */ response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const headers = (json = true) => ({
    ...(json && { "content-type": "application/json" }),
    cookie: header(),
    "x-xsrf-token": cookies.get("XSRF-TOKEN") ?? "",
    origin: base,
  });
  /**
   * The call's JSON answer; throws when it failed.
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<any>}
   */
  async function call(method, path, body) {
    const response = take(
      await fetch(`${base}${path}`, {
        method,
        headers: headers(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const json = await response.json().catch(() => null);
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }
  return { call, headers };
}

/**
 * @param {string} mailboxUrl
 * @param {string} email
 */
async function newestLink(mailboxUrl, email) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${mailboxUrl}/mails?to=${encodeURIComponent(email)}`);
    if (response.ok) {
      const mail = /** @type {{ link?: string }} */ (await response.json());
      if (mail.link) return new URL(mail.link);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in link reached ${email}`);
}

/** Sign-ups so far: each one's address is its own, in any group. */
let signUps = 0;

/**
 * Runs `work` on each item, at most `width` at a time; answers the results in order.
 * @template T, R
 * @param {T[]} items
 * @param {number} width
 * @param {(item: T, index: number) => Promise<R>} work
 * @returns {Promise<R[]>}
 */
export async function inParallel(items, width, work) {
  /** @type {R[]} */
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(/** @type {T} */ (items[index]), index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/**
 * A new player, signed in by e-mail link, with a name: what a group needs.
 * @param {string} base
 * @param {string} mailboxUrl
 * @param {number} n
 * @returns {Promise<Player>}
 */
async function signUp(base, mailboxUrl, n) {
  const player = person(base);
  await player.call("GET", "/api/health");
  const email = `bench-${n}-${Date.now()}-${signUps++}@example.test`;
  await player.call("POST", "/api/sign-in/email-link/send", {
    email,
    actionCodeSettings: { url: `${base}/sign-in/link-router`, handleCodeInApp: true },
  });
  const token = (await newestLink(mailboxUrl, email)).searchParams.get("token");
  await player.call("POST", "/api/sign-in/email-link/complete", { token, email });
  await player.call("POST", "/api/auth/update-user", { name: `Player ${n}` });
  const { data } = await player.call("POST", "/api/new-user-properties", { isAdmin: false });
  return { ...player, id: data.userData.id };
}

/**
 * Builds a group of `members` new players (MEMBERS unless it says) and its first
 * round; answers the players, the group and the round.
 * @param {string} base
 * @param {string} mailboxUrl
 * @param {{ members?: number; name?: string }} [options]
 */
export async function setUpRound(
  base,
  mailboxUrl,
  { members = MEMBERS, name = "Bench group" } = {},
) {
  // Eight at a time: a hundred members sign up in seconds, not minutes.
  const numbers = Array.from({ length: members }, (_, n) => n);
  const players = await inParallel(numbers, 8, (n) => signUp(base, mailboxUrl, n));
  const [admin, ...others] = players;
  if (!admin) throw new Error("a group needs players");
  const { data } = await admin.call("POST", "/api/groups/create", {
    name,
    maxMembers: members,
    daysBetweenRounds: 7,
  });
  const groupId = data.groupId;
  const group = (await admin.call("GET", `/api/groups/${groupId}`)).data.groupData;
  await inParallel(others, 4, (other) =>
    other.call("POST", `/api/groups/${groupId}/members/add`, { inviteCode: group.inviteCode }),
  );
  const started = await admin.call("POST", `/api/groups/${groupId}/rounds/start-first-round`);
  return { players, groupId, roundId: started.data.dilemmaData.roundId };
}

/**
 * A scenario's turns (scripts/bench-support.mjs): `request.turns` requests (one
 * per player unless it says), turn t from player t mod N, its body from
 * `request.body(t)`.
 * @param {Player[]} players
 * @param {TurnRequest} request
 * @returns {import("autocannon").Request[]}
 */
export function inTurn(players, request) {
  return Array.from({ length: request.turns ?? players.length }, (_, turn) => ({
    method: request.method,
    headers: /** @type {Player} */ (players[turn % players.length]).headers(Boolean(request.body)),
    ...(request.body && { body: JSON.stringify(request.body(turn)) }),
  }));
}

/**
 * Votes, as `inTurn` takes them: turn t from voter t mod N, for member (t / N) mod
 * N; its option and comment vary with t. After N² × 21 turns they start over.
 * @param {Player[]} players
 * @returns {TurnRequest}
 */
export function voteFor(players) {
  return {
    method: "POST",
    turns: players.length * players.length * 21,
    body: (turn) => ({
      selectedFor: players[Math.floor(turn / players.length) % players.length]?.id,
      optionSelected: turn % 3 === 0 ? "B" : "A",
      comments: `Bench comment ${turn % 7}`,
    }),
  };
}

/**
 * After the load: every player still reads only their own votes, one per member at most.
 * @param {{ players: Player[]; groupId: string }} round
 */
export async function votesAreConsistent({ players, groupId }) {
  for (const player of players) {
    const round = (await player.call("GET", `/api/groups/${groupId}/rounds/current`)).data
      .dilemmaData;
    /** @type {{ selectedBy: string; selectedFor: string }[]} */
    const votes = round.votes;
    const members = new Set(votes.map((vote) => vote.selectedFor));
    if (votes.some((vote) => vote.selectedBy !== player.id) || members.size !== votes.length) {
      return false;
    }
  }
  return true;
}
