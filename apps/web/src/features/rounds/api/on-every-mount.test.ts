import { afterEach, describe, expect, it } from "vitest";
import { setOnline } from "../../../../test/network";
import { onEveryMount } from "./on-every-mount";

describe("onEveryMount", () => {
  afterEach(() => setOnline(true));

  it("a read asked again at every visit is, online only, unless answered a moment ago", () => {
    const answeredAt = (ago: number) => ({
      state: { dataUpdatedAt: Date.now() - ago, errorUpdatedAt: 0 },
    });
    setOnline(true);
    expect(onEveryMount(answeredAt(5_000))).toBe("always");
    // The route asked for it as the page opened: the tab takes that answer.
    expect(onEveryMount(answeredAt(100))).toBe(false);
    expect(onEveryMount({ state: { dataUpdatedAt: 0, errorUpdatedAt: Date.now() } })).toBe(false);
    setOnline(false);
    expect(onEveryMount(answeredAt(5_000))).toBe(false);
  });
});
