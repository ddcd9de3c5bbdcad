import { afterEach, describe, expect, it, vi } from "vitest";
import { pageSettled } from "./page-settled";

/** Whether `promise` has settled by the end of the current macrotask's microtasks. */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe("pageSettled (when the service worker and the offline copy start)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, "readyState");
  });

  it("waits for the load event, then for the main thread's first idle moment", async () => {
    Object.defineProperty(document, "readyState", { value: "interactive", configurable: true });
    const idleCallbacks: Array<() => void> = [];
    const requestIdle = vi.fn((callback: () => void) => idleCallbacks.push(callback));
    vi.stubGlobal("requestIdleCallback", requestIdle);

    const settling = pageSettled();
    expect(await settled(settling)).toBe(false);
    expect(requestIdle).not.toHaveBeenCalled();

    window.dispatchEvent(new Event("load"));
    await Promise.resolve();
    expect(requestIdle).toHaveBeenCalledWith(expect.any(Function), { timeout: 2_000 });
    expect(await settled(settling)).toBe(false);

    for (const callback of idleCallbacks) callback();
    expect(await settled(settling)).toBe(true);
  });

  it("does not wait for a load event that has already come", async () => {
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => callback());
    expect(await settled(pageSettled())).toBe(true);
  });
});
