import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { setOnline } from "../../../../test/network";
import { DilemmaHeader } from "./dilemma-header";
import { VoteCard } from "./vote-card";

const KAI = "Kai Donaudampfschifffahrtsgesellschaftskapitäni 🦄";

/** Kai's card; the vote call answers only while the browser is online, and `sent` keeps its bodies. */
function renderCard() {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
    sent.push(JSON.parse(String(init?.body)));
    if (!navigator.onLine) throw new TypeError("Failed to fetch");
    const vote = {
      selectedBy: "mia",
      selectedFor: "kai",
      optionSelected: "B",
      comments: null,
      isRight: null,
    };
    return new Response(JSON.stringify({ data: { vote } }), {
      headers: { "content-type": "application/json" },
    });
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ul>
        <VoteCard
          groupId="g1"
          roundId="r1"
          member={{ id: "kai", displayName: KAI, photoURL: null }}
          isViewer={false}
          vote={undefined}
          optionA="Popcorn"
          optionB="Candy"
        />
      </ul>
    </QueryClientProvider>,
  );
  return { sent, card: screen.getByRole("listitem", { name: KAI }) };
}

describe("VoteCard", () => {
  afterEach(() => {
    cleanup();
    setOnline(true);
    vi.restoreAllMocks();
  });

  it("says a pick was not saved across the card under the name, never beside it, and Try again sends it again", async () => {
    const { sent, card } = renderCard();
    setOnline(false);
    const user = userEvent.setup();
    await user.click(within(card).getByRole("button", { name: /^B\b/ }));

    const alert = await within(card).findByRole("alert");
    expect(alert.textContent).toBe(
      "Not saved. You are offline. Check your connection and try again.Try again",
    );
    // Beside the name (in its row) a long message squeezed the name to a letter a line.
    const nameRow = within(card).getByRole("heading", { name: KAI }).parentElement as HTMLElement;
    expect(nameRow.contains(alert)).toBe(false);
    expect(alert.parentElement).toBe(card);
    expect(within(card).getByRole("button", { name: /^B\b/ }).getAttribute("aria-pressed")).toBe(
      "false",
    );

    setOnline(true);
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(card).findByText("Saved")).toBeTruthy();
    expect(within(card).queryByRole("alert")).toBeNull();
    expect(sent).toEqual([
      { selectedFor: "kai", optionSelected: "B" },
      { selectedFor: "kai", optionSelected: "B" },
    ]);
  });

  it("fills a chosen A and B each with its own option colour", () => {
    for (const option of ["A", "B"] as const) {
      render(
        <QueryClientProvider client={createQueryClient()}>
          <ul>
            <VoteCard
              groupId="g1"
              roundId="r1"
              member={{ id: "kai", displayName: "Kai", photoURL: null }}
              isViewer={false}
              vote={{
                selectedBy: "mia",
                selectedFor: "kai",
                optionSelected: option,
                comments: null,
                isRight: null,
              }}
              optionA="Popcorn"
              optionB="Candy"
            />
          </ul>
        </QueryClientProvider>,
      );
      const chosen = screen.getByRole("button", { pressed: true });
      expect(chosen.textContent?.startsWith(option)).toBe(true);
      expect(chosen.className).toContain(`bg-option-${option.toLowerCase()}`);
      expect(chosen.className).not.toContain("bg-brand");
      cleanup();
    }
  });
});

describe("DilemmaHeader", () => {
  it("marks A and B with the option colours, as the landing page does", () => {
    render(<DilemmaHeader dilemma="Which snack?" optionA="Popcorn" optionB="Candy" />);
    const badge = (option: string) => screen.getByText(option, { selector: "span[aria-hidden]" });
    expect(badge("A").className).toContain("bg-option-a");
    expect(badge("B").className).toContain("bg-option-b");
  });
});
