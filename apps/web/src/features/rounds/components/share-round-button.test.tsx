import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { localDay, ShareRoundButton } from "./share-round-button";

const roundShare = {
  shareId: "r1.signature",
  number: 2,
  groupName: "Book Club",
  dilemma: "Fly or be invisible?",
  podium: [{ rank: 1, displayName: "Ann", points: 1 }],
};

function shareSheet() {
  vi.spyOn(globalThis, "fetch").mockResolvedValue(
    new Response(JSON.stringify({ data: { roundShare } }), {
      headers: { "content-type": "application/json" },
    }),
  );
  const share = vi.fn(async (_data: ShareData) => {});
  Object.defineProperty(navigator, "share", { value: share, configurable: true });
  return share;
}

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
});

describe("ShareRoundButton", () => {
  it("shares the day the round closed, the sharer's pick and the podium", async () => {
    const share = shareSheet();
    // Noon on the device's calendar: the same day in any time zone the test runs in.
    const closedAt = new Date(2026, 10, 27, 12).toISOString();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ShareRoundButton groupId="g1" roundId="r1" closedAt={closedAt} pick="Fly" />
      </QueryClientProvider>,
    );
    const button = await screen.findByRole("button", { name: "Share results" });
    await vi.waitFor(() => expect(button.hasAttribute("disabled")).toBe(false));
    await userEvent.setup().click(button);
    expect(share).toHaveBeenCalledWith({
      title: "eitheror",
      text: 'eitheror — round 2 of Book Club, 27 November 2026: "Fly or be invisible?" I picked "Fly". 1st Ann (1 pt)',
      url: `${window.location.origin}/shared/round/r1.signature`,
    });
  });

  it("takes the day from the device's calendar", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(localDay(new Date(2026, 11, 31, 0, 0))).toBe("2026-12-31");
  });
});
