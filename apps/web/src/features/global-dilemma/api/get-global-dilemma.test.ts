import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { globalDilemmaQueryOptions, yesterdayQueryOptions } from "./get-global-dilemma";

const today = {
  id: "d2",
  day: "2026-11-23",
  dilemma: "Sea or mountains?",
  optionA: "Sea",
  optionB: "Mountains",
  countA: 2,
  countB: 1,
};

describe("today's dilemma, read from the API (home, where the page brings none)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps what its answer says of yesterday, so that is known before the viewer chooses", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ data: { globalDilemmaData: today, yesterdayData: null } }), {
        headers: { "content-type": "application/json" },
      }),
    );
    const client = createQueryClient();
    expect(await client.fetchQuery(globalDilemmaQueryOptions)).toEqual(today);
    expect(client.getQueryState(yesterdayQueryOptions.queryKey)).toMatchObject({
      status: "success",
      data: null,
    });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
