// @ts-check
// Issue 41's rows of `npm run bench`: what a member costs as the work grows, each
// measured side by side with its small-size baseline in the same run.
//
//   group size  a group of 100 members beside one of 10: the round read, a vote, the
//               group page (painted) and its reads, the leaderboard and the
//               who-knows-whom grid per request (a request serves one member), and a submit's and a round's
//               closing time per member (the closing with 100 × 100 votes; the median
//               of three closings per size).
//   history     a group of 10 with 100 closed rounds beside one with 2: the
//               leaderboard, past rounds, the grid, a member's reveal, a closed round.
//   streams     5,000 live streams over four groups: memory per stream, the time an
//               event takes to reach all of them (p99), the heartbeats' CPU, and votes
//               with the streams open beside votes without them.

import { readFileSync } from "node:fs";
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { inParallel, inTurn, setUpRound } from "./bench-rounds.mjs";

/** @typedef {import("./bench-rounds.mjs").Player} Player */
/** @typedef {Awaited<ReturnType<typeof setUpRound>>} Group */
/** @typedef {import("./bench-support.mjs").Summary} Summary */
/** @typedef {{ name: string; during?: () => () => void; options: () => any }} Scenario */
/** @typedef {{ path: string; app: Summary; base: Summary; baseName: string; target?: number }} Row */
/**
 * What the scale phases are given by scripts/bench.mjs.
 * @typedef {object} Bench
 * @property {string} base the app's address
 * @property {string} mailboxUrl the mail catcher's
 * @property {(scenarios: Scenario[]) => Promise<Summary[]>} measure side by side, in turns
 * @property {Row[]} rows
 * @property {(name: string, ok: boolean, detail?: string) => void} check
 * @property {() => () => void} clockMover moves the app's clock an hour every half second (votes' hourly cap)
 * @property {(ms: number) => Promise<void>} advanceClock moves the app's clock on by `ms`
 * @property {() => number} appRssMb the app's memory now
 * @property {() => number} appCpuMs the app's CPU time so far
 */

export const SIZES = { small: 10, large: 100 };
export const ROUNDS = { few: 2, many: 100 };
export const STREAMS = 5_000;
/** As apps/server/src/features/groups/service.ts allows one person. */
const STREAMS_PER_PERSON = 20;

/** Issue 41's targets. */
export const SCALE_TARGETS = {
  /** Cost per member at 100 members ≤ this × at 10: a request's rate at 100 ≥ its inverse. */
  perMember: 1.5,
  /** A group with 100 closed rounds against one with 2. */
  history: 0.8,
  /** The who-knows-whom grid of 100 members, gzip. */
  gridKb: 100,
  /** An event reaching every one of 5,000 streams. */
  fanOutP99Ms: 1_000,
  /** Votes with 5,000 streams open against votes with none. */
  votesWithStreams: 0.8,
};

/**
 * Turns in which each member of `group` sends `paths` in order, as many as autocannon's
 * connections share out evenly (a multiple of 100 fits 10 and 100 members and 20 connections).
 * @param {Group} group
 * @param {string[]} paths
 */
function reads(group, paths) {
  const turns = inTurn(group.players, { method: "GET", turns: 100 * paths.length });
  return turns.map((turn, t) => ({ ...turn, path: paths[t % paths.length] }));
}

/**
 * Scenario pairs, small then large: a row per pair, at the large size's rate over the small's.
 * @param {Bench} bench
 * @param {{ path: string; small: Scenario; large: Scenario; baseName: string; target?: number }[]} pairs
 */
async function sideBySideRows(bench, pairs) {
  for (const { path, small, large, baseName, target } of pairs) {
    const [base, app] = await bench.measure([small, large]);
    bench.rows.push({
      path,
      app: /** @type {Summary} */ (app),
      base: /** @type {Summary} */ (base),
      baseName,
      target,
    });
  }
}

/** @param {Bench} bench @param {Group} group @param {string[]} paths @param {string} name */
const readScenario = (bench, group, paths, name) => ({
  name,
  options: () => ({ url: bench.base, turns: reads(group, paths) }),
});

/**
 * Votes in turn: turn t from member t mod N for member (t / N) mod N, N² turns.
 * @param {Bench} bench
 * @param {Group} group
 * @param {string} name
 * @returns {Scenario}
 */
function voteScenario(bench, { players, groupId, roundId }, name) {
  const turns = inTurn(players, {
    method: "POST",
    turns: Math.max(players.length * players.length, 100),
    body: (turn) => ({
      selectedFor: players[Math.floor(turn / players.length) % players.length]?.id,
      optionSelected: turn % 3 === 0 ? "B" : "A",
      comments: `Bench comment ${turn % 7}`,
    }),
  });
  return {
    name,
    during: bench.clockMover,
    options: () => ({ url: `${bench.base}/api/groups/${groupId}/rounds/${roundId}/vote`, turns }),
  };
}

/**
 * Every member picks for every member, then all submit, one after another: answers
 * the mean time of a submit that leaves the round open and the time of the closing one.
 * @param {Group} group
 */
async function playOut({ players, groupId, roundId }) {
  const votes = players.flatMap((voter, v) =>
    players.map((member, m) => ({
      voter,
      selectedFor: member.id,
      option: (v + m) % 2 ? "B" : "A",
    })),
  );
  await inParallel(votes, 16, ({ voter, selectedFor, option }) =>
    voter.call("POST", `/api/groups/${groupId}/rounds/${roundId}/vote`, {
      selectedFor,
      optionSelected: option,
    }),
  );
  const times = [];
  for (const player of players) {
    const started = performance.now();
    const { data } = await player.call(
      "POST",
      `/api/groups/${groupId}/rounds/${roundId}/submit-votes`,
    );
    times.push(performance.now() - started);
    if (player === players.at(-1))
      return { submitMs: mean(times.slice(0, -1)), closeMs: times.at(-1) ?? 0, next: data };
  }
  throw new Error("a group needs players");
}

/** @param {number[]} values */
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Rounds played out per size to time a submit and a closing: one timing is the machine's. */
const CLOSINGS = 3;

/**
 * CLOSINGS rounds of `group` played out one after another: the mean time of a submit
 * that leaves a round open, the median time of the closing one, and the group at its
 * next open round.
 * @param {Group} group
 */
async function playedOut(group) {
  const submits = [];
  const closes = [];
  let now = group;
  for (let round = 0; round < CLOSINGS; round++) {
    const { submitMs, closeMs } = await playOut(now);
    submits.push(submitMs);
    closes.push(closeMs);
    now = await nextRound(now);
  }
  return { submitMs: mean(submits), closeMs: median(closes), next: now };
}

/**
 * The group's open round, after one closed.
 * @param {Group} group
 * @returns {Promise<Group>}
 */
async function nextRound(group) {
  const [member] = group.players;
  const { data } = await /** @type {Player} */ (member).call(
    "GET",
    `/api/groups/${group.groupId}/rounds/current`,
  );
  return { ...group, roundId: data.dilemmaData.roundId };
}

/**
 * Plays `rounds` whole rounds in the group (the clock moved on an hour now and then,
 * for the votes' hourly cap); answers the group at its open round.
 * @param {Bench} bench
 * @param {Group} group
 * @param {number} rounds
 */
async function playRounds(bench, group, rounds) {
  let now = group;
  for (let round = 0; round < rounds; round++) {
    if (round % 40 === 39) {
      const stop = bench.clockMover();
      await new Promise((resolve) => setTimeout(resolve, 100));
      stop();
    }
    await playOut(now);
    now = await nextRound(now);
  }
  return now;
}

/** The gzip size, in kB, of what `member` reads at `path`. */
async function gzipKb(
  /** @type {Bench} */ bench,
  /** @type {Player} */ member,
  /** @type {string} */ path,
) {
  const response = await fetch(`${bench.base}${path}`, { headers: member.headers(false) });
  return gzipSync(Buffer.from(await response.arrayBuffer())).length / 1024;
}

/**
 * What a group page's first load asks for: the page itself, painted for the member
 * (decision 0100), and the reads it names, which the browser sends at once.
 * @param {string} groupId
 */
const pagePaths = (groupId) => [
  `/group/${groupId}`,
  `/api/groups/${groupId}`,
  `/api/groups/${groupId}/rounds/current`,
  `/api/groups/${groupId}/rounds/reveal`,
];

/** Times every member's first load per size, and members loading at once (as the connections). */
const FIRST_LOADS = 7;
const LOADING_AT_ONCE = 20;

/**
 * The group page's first load, per member: the app's clock moved past every read it
 * keeps (a session read, each member's round and reveal, the group's shared reads),
 * then every member's page sends its reads at once, LOADING_AT_ONCE members at a
 * time. The median over FIRST_LOADS of the time all took, over the members.
 * @param {Bench} bench
 * @param {Group} group
 */
async function firstLoads(bench, { players, groupId }) {
  const perMember = [];
  for (let load = 0; load < FIRST_LOADS; load++) {
    await bench.advanceClock(2_000);
    const started = performance.now();
    await inParallel(players, LOADING_AT_ONCE, (player) =>
      Promise.all(pagePaths(groupId).map((path) => player.call("GET", path))),
    );
    perMember.push((performance.now() - started) / players.length);
  }
  return median(perMember);
}

/**
 * Part 1: 100 members beside 10.
 * @param {Bench} bench
 */
export async function groupSizePhase(bench) {
  const small = await setUpRound(bench.base, bench.mailboxUrl, {
    members: SIZES.small,
    name: "Ten",
  });
  const large = await setUpRound(bench.base, bench.mailboxUrl, {
    members: SIZES.large,
    name: "Hundred",
  });
  const target = 1 / SCALE_TARGETS.perMember;
  const pair = (/** @type {string} */ what, /** @type {(group: Group) => string[]} */ paths) => ({
    path: `${what}, ${SIZES.large} vs ${SIZES.small} members`,
    small: readScenario(bench, small, paths(small), `${SIZES.small}`),
    large: readScenario(bench, large, paths(large), `${SIZES.large}`),
    baseName: `${SIZES.small} members`,
    target,
  });
  await sideBySideRows(bench, [
    pair("GET …/rounds/current", ({ groupId }) => [`/api/groups/${groupId}/rounds/current`]),
    {
      path: `POST …/vote, ${SIZES.large} vs ${SIZES.small} members`,
      small: voteScenario(bench, small, `${SIZES.small}`),
      large: voteScenario(bench, large, `${SIZES.large}`),
      baseName: `${SIZES.small} members`,
      target,
    },
  ]);
  const [smallRound, largeRound] = [await playedOut(small), await playedOut(large)];
  const perMember = (/** @type {number} */ big, /** @type {number} */ little) => big / little;
  const submitRatio = perMember(largeRound.submitMs, smallRound.submitMs);
  bench.check(
    `a submit per member, ${SIZES.large} vs ${SIZES.small} members ≤ ${SCALE_TARGETS.perMember}×`,
    submitRatio <= SCALE_TARGETS.perMember,
    `${largeRound.submitMs.toFixed(1)} ms vs ${smallRound.submitMs.toFixed(1)} ms, ${submitRatio.toFixed(2)}×`,
  );
  const closeRatio = perMember(largeRound.closeMs / SIZES.large, smallRound.closeMs / SIZES.small);
  bench.check(
    `closing a round per member, ${SIZES.large}² vs ${SIZES.small}² votes ≤ ${SCALE_TARGETS.perMember}×`,
    closeRatio <= SCALE_TARGETS.perMember,
    `${largeRound.closeMs.toFixed(0)} ms vs ${smallRound.closeMs.toFixed(0)} ms, per member ${closeRatio.toFixed(2)}×`,
  );
  const closed = [smallRound.next, largeRound.next];
  const [smallLoad, largeLoad] = [await firstLoads(bench, small), await firstLoads(bench, large)];
  const loadRatio = largeLoad / smallLoad;
  bench.check(
    `the group page's first load per member, ${SIZES.large} vs ${SIZES.small} members ≤ ${SCALE_TARGETS.perMember}×`,
    loadRatio <= SCALE_TARGETS.perMember,
    `${largeLoad.toFixed(2)} ms vs ${smallLoad.toFixed(2)} ms a member, ${loadRatio.toFixed(2)}×`,
  );
  await sideBySideRows(bench, [
    // Pages loaded again and again: how much of it a member's kept reads serve (no target, decision 0092).
    {
      ...pair("the group page and its reads", ({ groupId }) => pagePaths(groupId)),
      target: undefined,
    },
    pair("GET …/leaderboard", ({ groupId }) => [`/api/groups/${groupId}/leaderboard`]),
    pair("GET …/who-knows-whom", ({ groupId }) => [`/api/groups/${groupId}/who-knows-whom`]),
  ]);
  const gridKb = await gzipKb(
    bench,
    /** @type {Player} */ (large.players[0]),
    `/api/groups/${large.groupId}/who-knows-whom`,
  );
  bench.check(
    `the who-knows-whom grid of ${SIZES.large} members ≤ ${SCALE_TARGETS.gridKb} kB gzip`,
    gridKb <= SCALE_TARGETS.gridKb,
    `${gridKb.toFixed(1)} kB`,
  );
  return { small: /** @type {Group} */ (closed[0]), large: /** @type {Group} */ (closed[1]) };
}

/**
 * Part 2: a group of 10 with 100 closed rounds beside one with 2.
 * @param {Bench} bench
 */
export async function historyPhase(bench) {
  const [fresh, young] = [
    await setUpRound(bench.base, bench.mailboxUrl, { members: SIZES.small, name: "Years" }),
    await setUpRound(bench.base, bench.mailboxUrl, { members: SIZES.small, name: "Weeks" }),
  ];
  const many = await playRounds(bench, fresh, ROUNDS.many);
  const twice = await playRounds(bench, young, ROUNDS.few);
  /** The id of the group's newest closed round (past rounds come newest first). */
  const newestClosed = async (/** @type {Group} */ { players, groupId }) =>
    (await /** @type {Player} */ (players[0]).call("GET", `/api/groups/${groupId}/rounds/archived`))
      .data.roundsData[0]?.id;
  const closedIds = new Map([
    [twice, await newestClosed(twice)],
    [many, await newestClosed(many)],
  ]);
  const rows = [
    [
      "GET …/leaderboard",
      (/** @type {Group} */ { groupId }) => [`/api/groups/${groupId}/leaderboard`],
    ],
    [
      "GET …/rounds/archived",
      (/** @type {Group} */ { groupId }) => [`/api/groups/${groupId}/rounds/archived`],
    ],
    [
      "GET …/who-knows-whom",
      (/** @type {Group} */ { groupId }) => [`/api/groups/${groupId}/who-knows-whom`],
    ],
    [
      "GET …/rounds/reveal",
      (/** @type {Group} */ { groupId }) => [`/api/groups/${groupId}/rounds/reveal`],
    ],
    [
      "GET …/rounds/:roundId, the newest closed",
      (/** @type {Group} */ group) => [
        `/api/groups/${group.groupId}/rounds/${closedIds.get(group)}`,
      ],
    ],
  ];
  await sideBySideRows(
    bench,
    rows.map(([what, paths]) => ({
      path: `${what}, ${ROUNDS.many} vs ${ROUNDS.few} rounds`,
      small: readScenario(bench, twice, /** @type {any} */ (paths)(twice), `${ROUNDS.few}`),
      large: readScenario(bench, many, /** @type {any} */ (paths)(many), `${ROUNDS.many}`),
      baseName: `${ROUNDS.few} rounds`,
      target: SCALE_TARGETS.history,
    })),
  );
  return { few: twice, many };
}

/**
 * Opens a live stream of `groupId` as `player`; `onEvent(type)` hears each event.
 * @param {Bench} bench
 * @param {Player} player
 * @param {string} groupId
 * @param {(type: string) => void} onEvent
 * @returns {Promise<() => void>} the close
 */
function openStream(bench, player, groupId, onEvent) {
  const url = new URL(`${bench.base}/api/groups/${groupId}/events`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { ...player.headers(false), accept: "text/event-stream" }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`stream: ${res.statusCode}`));
          return;
        }
        res.setEncoding("utf8");
        res.on("data", (/** @type {string} */ chunk) => {
          for (const match of chunk.matchAll(/^event: (.+)$/gm)) onEvent(match[1] ?? "");
        });
        res.on("error", () => {});
        resolve(() => req.destroy());
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `groups`, and as many new groups beside them as STREAMS needs members (each
 * member may hold STREAMS_PER_PERSON streams).
 * @param {Bench} bench
 * @param {Group[]} groups
 */
async function enoughForStreams(bench, groups) {
  const members = groups.reduce((sum, group) => sum + group.players.length, 0);
  const all = [...groups];
  let left = Math.ceil(STREAMS / STREAMS_PER_PERSON) - members;
  for (; left > 0; left -= SIZES.large) {
    const size = Math.max(2, Math.min(left, SIZES.large));
    all.push(await setUpRound(bench.base, bench.mailboxUrl, { members: size, name: "Streams" }));
  }
  return all;
}

/**
 * STREAMS streams over the members of `groups`; each hears when its group is renamed.
 * @param {Bench} bench
 * @param {Group[]} groups
 */
async function openStreams(bench, groups) {
  /** Per stream, the ms from `renamedAt` to its group-changed. */
  const heard = /** @type {number[]} */ ([]);
  const live = { heard, renamedAt: 0, closes: /** @type {(() => void)[]} */ ([]) };
  const streams = groups
    .flatMap((group) =>
      group.players.flatMap((player) =>
        Array.from({ length: STREAMS_PER_PERSON }, () => ({ group, player })),
      ),
    )
    .slice(0, STREAMS);
  live.closes = await inParallel(streams, 50, ({ group, player }) =>
    openStream(bench, player, group.groupId, (type) => {
      if (type === "group-changed") heard.push(performance.now() - live.renamedAt);
    }),
  );
  return live;
}

/**
 * Every group's admin renames it at once; answers each stream's time to hear it, sorted.
 * @param {Group[]} groups
 * @param {Awaited<ReturnType<typeof openStreams>>} live
 */
async function renameAll(groups, live) {
  live.renamedAt = performance.now();
  await Promise.all(
    groups.map((group) =>
      /** @type {Player} */ (group.players[0]).call("PUT", `/api/groups/${group.groupId}`, {
        name: "Renamed",
        maxMembers: group.players.length,
        daysBetweenRounds: 7,
      }),
    ),
  );
  const deadline = Date.now() + 10_000;
  while (live.heard.length < live.closes.length && Date.now() < deadline) await sleep(20);
  return [...live.heard].sort((a, b) => a - b);
}

/**
 * Part 3: STREAMS live streams over a few groups: the memory each holds, the
 * heartbeats' CPU while all are quiet, an event's way to all of them, and votes
 * with them open beside votes before they opened.
 * @param {Bench} bench
 * @param {Group[]} groups groups already played, their members not streaming yet
 */
export async function streamsPhase(bench, groups) {
  const all = await enoughForStreams(bench, groups);
  const votes = voteScenario(bench, /** @type {Group} */ (all[0]), "votes");
  const [before] = await bench.measure([votes]);
  const rssBefore = bench.appRssMb();
  const live = await openStreams(bench, all);
  await sleep(2_000);
  const perStreamKb = ((bench.appRssMb() - rssBefore) * 1024) / live.closes.length;
  const cpuBefore = bench.appCpuMs();
  await sleep(10_000);
  const quietCpu = (bench.appCpuMs() - cpuBefore) / 10_000;
  const [withStreams] = await bench.measure([votes]);
  const times = await renameAll(all, live);
  for (const close of live.closes) close();
  const at = (/** @type {number} */ share) =>
    times[Math.ceil(times.length * share) - 1] ?? Number.POSITIVE_INFINITY;
  bench.check(
    `${STREAMS.toLocaleString("en-US")} live streams: an event reaches all, p99 ≤ ${SCALE_TARGETS.fanOutP99Ms} ms`,
    times.length === STREAMS && at(0.99) <= SCALE_TARGETS.fanOutP99Ms,
    `${times.length.toLocaleString("en-US")} reached, p50 ${Math.round(at(0.5))} ms, p99 ${Math.round(at(0.99))} ms; ${perStreamKb.toFixed(1)} kB a stream; quiet, their heartbeats take ${(quietCpu * 100).toFixed(1)}% of a core`,
  );
  bench.rows.push({
    path: `POST …/vote, ${STREAMS.toLocaleString("en-US")} streams open`,
    app: /** @type {Summary} */ (withStreams),
    base: /** @type {Summary} */ (before),
    baseName: "no streams",
    target: SCALE_TARGETS.votesWithStreams,
  });
}

/**
 * The CPU time, in ms, process `pid` has used so far (Linux).
 * @param {number} pid
 */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
