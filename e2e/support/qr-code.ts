import type { Locator } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";

/**
 * What a QR code on the page says, read as a phone's camera would: from a
 * picture of the element as drawn (colours, tile and margin included), by a
 * QR reader that knows nothing of how the app made it.
 */
export async function readQrCode(code: Locator): Promise<string | undefined> {
  // In the middle of the screen: scrolled only "into view", its top may sit under the sticky header.
  await code.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const png = PNG.sync.read(await code.screenshot({ animations: "disabled" }));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}
