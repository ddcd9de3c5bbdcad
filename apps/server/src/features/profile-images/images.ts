import { createHash } from "node:crypto";
import { authMessages, MAX_IMAGE_PIXELS, PROFILE_IMAGE_SIZE } from "@eitheror/shared/auth/schema";
import sharp, { type Metadata } from "sharp";
import { AppError } from "../../lib/http/errors";

/** What sharp may decode: photos and the common web formats, never SVG, TIFF or PDF. */
const ALLOWED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif"]);

export interface ProfileImage {
  content: Buffer;
  contentType: "image/webp";
  /** Content hash, for immutable URLs. */
  version: string;
}

const notAnImage = () => new AppError(415, authMessages.onlyImages, { code: "not_an_image" });

/**
 * Turns an upload into a profile photo: the type comes from the bytes (not the
 * client's word), the size is checked from the header before any pixel is
 * decoded, then it is turned upright, cropped to a 400×400 square and re-encoded
 * as WebP, which leaves EXIF, GPS and every other metadata behind.
 */
export async function toProfileImage(input: Buffer): Promise<ProfileImage> {
  let metadata: Metadata;
  try {
    // Reads the header only; the pixel limit comes next, with a message of its own.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const { format, width, height } = metadata;
  if (!format || !ALLOWED_FORMATS.has(format) || !width || !height) throw notAnImage();
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      413,
      `This image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels, please.`,
    );
  }

  let content: Buffer;
  try {
    content = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .autoOrient()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // The header looked fine but the pixels are broken or truncated.
    throw notAnImage();
  }
  const version = createHash("sha256").update(content).digest("base64url").slice(0, 16);
  return { content, contentType: "image/webp", version };
}
