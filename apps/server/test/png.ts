import sharp from "sharp";
import { expect } from "vitest";
import type { TestApp } from "./app";

/** A picture's answer as bytes (the test clients read text). */
export async function getImage(t: TestApp, url: string) {
  const response = await t.app.inject({ method: "GET", url });
  return {
    status: response.statusCode,
    type: response.headers["content-type"],
    cacheControl: response.headers["cache-control"],
    png: response.rawPayload,
    text: response.body,
  };
}

/**
 * A share card is a PNG of 1200×630 that is not blank: in the band where the
 * question is written there are both dark pixels (the card) and light ones (the
 * text), and plenty of each.
 */
export async function expectCardPng(png: Buffer) {
  const { width, height, format } = await sharp(png).metadata();
  expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: "png" });
  const band = await sharp(png)
    .extract({ left: 80, top: 120, width: 1040, height: 200 })
    .greyscale()
    .raw()
    .toBuffer();
  let dark = 0;
  let light = 0;
  for (const value of band) {
    if (value < 80) dark += 1;
    if (value > 200) light += 1;
  }
  expect(dark / band.length, "dark card behind the text").toBeGreaterThan(0.3);
  expect(light / band.length, "light text on the card").toBeGreaterThan(0.02);
}

/**
 * Whether a picture of one glyph, dark on light, is the missing-glyph box that
 * Pango draws for a character no font has: a rectangle's outline (with the code
 * point's digits inside), so every edge of the ink's bounding box is ink.
 */
export async function isMissingGlyphBox(png: Buffer): Promise<boolean> {
  const { data, info } = await sharp(png)
    .flatten({ background: "#ffffff" })
    .greyscale()
    .trim({ background: "#ffffff", threshold: 40 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => (data[y * info.width + x] ?? 255) < 128;
  const share = (points: Array<[number, number]>) =>
    points.filter(([x, y]) => dark(x, y)).length / points.length;
  const across = (y: number) =>
    Array.from({ length: info.width }, (_, x) => [x, y] as [number, number]);
  const down = (x: number) =>
    Array.from({ length: info.height }, (_, y) => [x, y] as [number, number]);
  // An edge one pixel in from the bounding box, where antialiasing is solid.
  const edges = [across(1), across(info.height - 2), down(1), down(info.width - 2)];
  return edges.every((edge) => share(edge) > 0.8);
}
