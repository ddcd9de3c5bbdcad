import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShareButton } from "./share-button";

const payload = {
  title: "eitheror",
  text: "eitheror, 22 November 2026: I picked “Tea” — 62% agreed",
  url: "https://play.example/daily/2026-11-22",
};

/** The browser's share sheet and clipboard, as a test wants them. */
function browserWith({
  share,
  writeText,
}: {
  share?: (data: ShareData) => Promise<void>;
  writeText?: (text: string) => Promise<void>;
}) {
  Object.defineProperty(navigator, "share", { value: share, configurable: true });
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
}

afterEach(() => browserWith({}));

describe("ShareButton", () => {
  it("without a share sheet, copies the text and the link and says so in a live region", async () => {
    // user-event puts a clipboard of its own in place: ours goes in after it.
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    browserWith({ writeText });
    render(<ShareButton payload={payload} />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(writeText).toHaveBeenCalledWith(
      "eitheror, 22 November 2026: I picked “Tea” — 62% agreed\nhttps://play.example/daily/2026-11-22",
    );
    expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy();
    const status = screen.getByText("Copied to the clipboard: paste it anywhere.");
    expect(status.getAttribute("aria-live")).toBe("polite");
  });

  it("shows the text to copy by hand when the clipboard is refused", async () => {
    const user = userEvent.setup();
    browserWith({ writeText: async () => Promise.reject(new Error("denied")) });
    render(<ShareButton payload={payload} />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    const box = await screen.findByLabelText(/did not let us copy/);
    expect((box as HTMLTextAreaElement).value).toBe(`${payload.text}\n${payload.url}`);
    expect(screen.queryByRole("button", { name: "Copied" })).toBeNull();
  });

  it("opens the share sheet where there is one; a cancel says nothing, a failure says so", async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => Promise.reject(new DOMException("no", "AbortError")));
    const writeText = vi.fn(async () => {});
    browserWith({ share, writeText });
    render(<ShareButton payload={payload} />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledWith(payload);
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).toBeNull();

    share.mockImplementationOnce(async () => Promise.reject(new Error("broken")));
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Error sharing link. Please try again.",
    );
  });

  it("waits, disabled, while there is nothing to share yet", () => {
    render(<ShareButton payload={null} />);
    expect((screen.getByRole("button", { name: "Share" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
