import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
  });
});
