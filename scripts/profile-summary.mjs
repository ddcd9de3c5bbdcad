// @ts-check
// `node scripts/profile-summary.mjs <file.cpuprofile> [from-s] [to-s] [requests]`: where
// a process's main thread spent its time, from a V8 CPU profile (`node --cpu-prof`;
// the bench takes one of the app with BENCH_NODE_FLAGS, bench/history.md). It prints
// how busy the thread was in each half second (to find the scenario's turns), then,
// for the samples between from-s and to-s (seconds after the profile started; default
// all), the self time by package and by function, per request when `requests` says
// how many the window served. Idle samples count as neither.
import { readFileSync } from "node:fs";

const [file, from = "0", to = "Infinity", requests = "0"] = process.argv.slice(2);
if (!file) {
  console.error(
    "usage: node scripts/profile-summary.mjs <file.cpuprofile> [from-s] [to-s] [requests]",
  );
  process.exit(2);
}
/** @typedef {{ url: string; functionName: string; lineNumber: number }} CallFrame */
/** @typedef {{ id: number; callFrame: CallFrame }} ProfileNode */
/** @type {{ nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }} */
const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

/**
 * The package a frame belongs to: node_modules' name, node's own module, the app, or V8's label.
 * @param {CallFrame} frame
 * @returns {string}
 */
function packageOf({ url, functionName }) {
  if (url.includes("node_modules/")) {
    const [scope = "", name] = (url.split("node_modules/").at(-1) ?? "").split("/");
    return scope.startsWith("@") ? `${scope}/${name}` : scope;
  }
  if (url.startsWith("node:")) return url.split("/")[0] ?? url;
  if (url) return "the app";
  return functionName || "(native)";
}

/** @type {Map<number, { busy: number; all: number }>} */
const halves = new Map();
/** @type {Map<string, number>} */
const byPackage = new Map();
/** @type {Map<string, number>} */
const byFunction = new Map();
let busy = 0;
let at = 0;
for (const [i, id] of profile.samples.entries()) {
  at += profile.timeDeltas[i] ?? 0;
  // A sample's time runs until the next one.
  const spent = profile.timeDeltas[i + 1] ?? 0;
  const node = nodes.get(id);
  if (!node) continue;
  const frame = node.callFrame;
  const idle = frame.functionName === "(idle)";
  const half = Math.floor(at / 500_000);
  const counted = halves.get(half) ?? { busy: 0, all: 0 };
  counted.all += spent;
  if (!idle) counted.busy += spent;
  halves.set(half, counted);
  if (idle || at / 1e6 < Number(from) || at / 1e6 > Number(to)) continue;
  busy += spent;
  const where = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-2).join("/")}:${frame.lineNumber + 1}`;
  const owner = packageOf(frame);
  byPackage.set(owner, (byPackage.get(owner) ?? 0) + spent);
  byFunction.set(where, (byFunction.get(where) ?? 0) + spent);
}

console.log("busy by half second:");
console.log(
  [...halves]
    .map(([half, { busy: b, all }]) => `${half / 2}s ${Math.round((100 * b) / (all || 1))}%`)
    .join("  "),
);
const perRequest = Number(requests) > 0;
const show = (/** @type {number} */ us) =>
  perRequest ? `${(us / Number(requests)).toFixed(2)} µs/request` : `${Math.round(us / 1000)} ms`;
const top = (/** @type {Map<string, number>} */ map, /** @type {number} */ count) => {
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(
      `${show(us).padStart(18)} ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${name}`,
    );
  }
};
console.log(`\nbusy between ${from} s and ${to} s: ${show(busy)}\n\nby package:`);
top(byPackage, 20);
console.log("\nby function (self time):");
top(byFunction, 40);
