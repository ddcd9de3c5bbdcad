import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Avatar, initialsOf } from "./avatar";

/** A lone half of a surrogate pair: what `word[0]` gives for an emoji. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("Avatar", () => {
  it("shows an emoji in a name as a whole character in the initials", () => {
    const { container } = render(<Avatar name="Dee 🎉" />);
    const initials = container.firstElementChild?.firstChild?.textContent ?? "";
    expect(initials).toBe("D🎉");
    expect(initials).not.toMatch(loneSurrogate);
  });

  it("is read by the name, not the initials, so a control that holds it keeps a matching name", () => {
    render(
      <button type="button">
        <Avatar name="Dee Ell" />
      </button>,
    );
    expect(screen.getByRole("button").textContent).toBe("DEDee Ell");
    expect(screen.getByRole("button", { name: "Dee Ell" })).toBeTruthy();
  });

  it("takes whole graphemes: joined emoji, flags and accents stay in one piece", () => {
    expect(initialsOf("👩‍👩‍👧 Family")).toBe("👩‍👩‍👧F");
    expect(initialsOf("🇫🇷 Jo")).toBe("🇫🇷J");
    expect(initialsOf("e\u0301lan vital")).toBe("E\u0301V");
    expect(initialsOf("  ana   maria  lopez ")).toBe("AM");
    expect(initialsOf("1\u20e3 Club")).toBe("1\u20e3C");
  });

  it("builds no grapheme segmenter for names in plain ASCII (a phone pays for one on the first paint)", async () => {
    vi.resetModules();
    const Segmenter = Intl.Segmenter;
    let built = 0;
    const counting = class extends Segmenter {
      constructor(...args: ConstructorParameters<typeof Segmenter>) {
        super(...args);
        built++;
      }
    };
    // Intl's members are read-only to TypeScript, not to the engine.
    const setSegmenter = (value: typeof Segmenter) =>
      Object.defineProperty(Intl, "Segmenter", { value, configurable: true, writable: true });
    setSegmenter(counting);
    try {
      const fresh = await import("./avatar");
      expect(fresh.initialsOf("Player 12 x")).toBe("P1");
      expect(fresh.initialsOf("J R")).toBe("JR");
      expect(built).toBe(0);
      expect(fresh.initialsOf("Zoë é")).toBe("ZÉ");
      expect(fresh.initialsOf("élan vital")).toBe("ÉV");
      expect(built).toBe(1);
    } finally {
      setSegmenter(Segmenter);
    }
  });
});
