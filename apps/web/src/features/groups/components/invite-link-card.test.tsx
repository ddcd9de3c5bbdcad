import { render, screen } from "@testing-library/react";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { InviteLinkCard } from "./invite-link-card";
import { QUIET_ZONE } from "./invite-qr-code";

/** The modules a path of the QR code draws, read back: each `M x y h w v1 …z` is a run. */
function modulesOf(svg: SVGElement) {
  const side = Number(svg.getAttribute("viewBox")?.split(" ")[2]);
  const modules = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  const d = svg.querySelector("path")?.getAttribute("d") ?? "";
  for (const [, x, y, width] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const row = modules[Number(y)] ?? [];
    for (let i = 0; i < Number(width); i += 1) row[Number(x) + i] = true;
  }
  return modules;
}

/** The modules as an RGBA picture, `scale` pixels a module: what a camera would see. */
function picture(modules: boolean[][], scale = 4) {
  const side = modules.length * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y += 1)
    for (let x = 0; x < side; x += 1)
      if (modules[Math.floor(y / scale)]?.[Math.floor(x / scale)])
        pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
  return { pixels, side };
}

describe("the invitation link card", () => {
  it("shows the link as a QR code that reads back as the link, beside the link itself", async () => {
    render(<InviteLinkCard groupId="g1" inviteCode="AbC123xyz" isAdmin={false} />);
    const url = new URL("/invite/AbC123xyz", window.location.origin).toString();
    expect((screen.getByLabelText("Invitation link") as HTMLInputElement).value).toBe(url);

    const code = await screen.findByRole("img", { name: "QR code of the invitation link" });
    const modules = modulesOf(code as unknown as SVGElement);
    // The light margin a reader needs: no dark module within it.
    for (const row of [...modules.slice(0, QUIET_ZONE), ...modules.slice(-QUIET_ZONE)])
      expect(row.some(Boolean)).toBe(false);
    const { pixels, side } = picture(modules);
    expect(jsQR(pixels, side, side)?.data).toBe(url);
  });

  it("draws dark modules in the QR ink on the QR paper, whatever the scheme", async () => {
    document.documentElement.classList.add("dark");
    render(<InviteLinkCard groupId="g1" inviteCode="AbC123xyz" isAdmin={false} />);
    const code = await screen.findByRole("img", { name: "QR code of the invitation link" });
    expect(code.getAttribute("class")?.split(" ")).toEqual(
      expect.arrayContaining(["bg-qr-paper", "text-qr-ink", "size-56"]),
    );
    expect(code.querySelector("path")?.getAttribute("fill")).toBe("currentColor");
    document.documentElement.classList.remove("dark");
  });
});
