// @ts-check

/**
 * Waits until `url` answers 200, for a minute at most, while `child` (what serves
 * it, called `what` in the error) still runs.
 * @param {string} url
 * @param {import("node:child_process").ChildProcess} child
 * @param {string} what
 */
export async function waitFor(url, child, what) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`${what} stopped before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not become ready`);
}
