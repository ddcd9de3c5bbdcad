import { describe, expect, it } from "vitest";
import { createClock } from "../clock";
import { createMemoryEventBus } from "./events";
import { createSharedReads, GROUP_READ_MAX_AGE_MS } from "./group-reads";

function setUp() {
  const clock = createClock();
  const events = createMemoryEventBus({ warn: () => {} });
  return { clock, events, shared: createSharedReads<string>(clock, events) };
}

/** A read that answers when told to, counting how often it was asked. */
function heldRead() {
  const read = {
    calls: 0,
    answer: () => {},
    run: () => {
      read.calls++;
      return new Promise<{ call: number }>((resolve) => {
        const call = read.calls;
        read.answer = () => resolve({ call });
      });
    },
  };
  return read;
}

describe("what every member of a group reads alike", () => {
  it("is read once for the members asking while it is under way, and then kept", async () => {
    const { shared } = setUp();
    const read = heldRead();
    const asked = [1, 2, 3].map(() => shared.through("g1", "leaderboard", read.run));
    read.answer();
    const answers = await Promise.all(asked);
    expect(read.calls).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(await shared.through("g1", "leaderboard", read.run)).toBe(answers[0]);
    expect(read.calls).toBe(1);
  });

  it("is read again for a member asking after the group changed, even while the older read is under way", async () => {
    const { shared, events } = setUp();
    const read = heldRead();
    const before = shared.through("g1", "closed-round:r1", read.run);
    const answerBefore = read.answer;
    await events.publish("g1", { type: "comment-hidden", roundId: "r1" });
    const after = shared.through("g1", "closed-round:r1", read.run);
    read.answer();
    answerBefore();
    expect(read.calls).toBe(2);
    expect(await before).toEqual({ call: 1 });
    expect(await after).toEqual({ call: 2 });
    // The older read was not kept: the next member is served the newer one.
    expect(await shared.through("g1", "closed-round:r1", read.run)).toEqual({ call: 2 });
  });

  it("is let go once no group member has read it for the time it may be served", async () => {
    const { shared, clock } = setUp();
    const read = async () => ({ rows: [] });
    for (const groupId of ["g1", "g2", "g3"]) await shared.through(groupId, "past-rounds", read);
    expect(shared.groupsHeld()).toBe(3);
    clock.advance(GROUP_READ_MAX_AGE_MS);
    await shared.through("g4", "past-rounds", read);
    expect(shared.groupsHeld()).toBe(1);
  });
});
