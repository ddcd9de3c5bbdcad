import { type APIRequestContext, expect, type Page } from "@playwright/test";
import sharp from "sharp";

/**
 * A browser without a share sheet, whose clipboard keeps what is written to it
 * where the test can read it (headless Chromium may refuse the real one).
 */
export async function withoutShareSheet(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    const copied: string[] = [];
    Object.assign(window, { __copied: copied });
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
  });
}

/** The texts copied so far in this page. */
export const copiedTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __copied: string[] }).__copied);

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

/**
 * A shared link's page as a link preview reads it: og:title and og:image are
 * there, and the image is a 1200×630 PNG that decodes. Answers the og:title.
 */
export async function expectRichPreview(request: APIRequestContext, path: string, image: RegExp) {
  const page = await request.get(path);
  expect(page.status()).toBe(200);
  const html = await page.text();
  const title = meta(html, "og:title");
  expect(title).toBeTruthy();
  const imageUrl = meta(html, "og:image") ?? "";
  expect(imageUrl).toMatch(image);
  const picture = await request.get(new URL(imageUrl).pathname);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/png");
  const { width, height, format } = await sharp(await picture.body()).metadata();
  expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: "png" });
  return title ?? "";
}
