import { deflateSync } from "node:zlib";
import { authMessages } from "@eitheror/shared/auth/schema";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/app";

type PhotoBody = { data: { photoURL: string } };
type ErrorBody = { error: { code: string; message: string } };

let t: TestApp;
let me: TestClient & { userId: string };
beforeAll(async () => {
  t = await createTestApp();
  me = await t.signIn(`photo-${Date.now()}@example.test`);
});
afterAll(() => t?.close());

const uploadUrl = (uid: string) => `/api/storage/profile-images/${uid}`;

function png(width = 640, height = 480, background = "#c85028") {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A JPEG as a phone takes it: rotated by EXIF orientation, with camera and GPS data. */
function phoneJpeg() {
  return sharp({ create: { width: 600, height: 300, channels: 3, background: "#3366cc" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Secret Phone", Copyright: "Ada" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
    })
    .toBuffer();
}

/**
 * A valid PNG header announcing 20000×20000 pixels (400 megapixels, about 1.2 GB
 * decoded) followed by a few bytes of image data: enough to be read as a PNG.
 */
function hugePngHeader(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(60_001))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function stored(photoURL: string) {
  const response = await fetchImage(photoURL);
  expect(response.status).toBe(200);
  return response;
}

async function fetchImage(url: string) {
  const response = await t.app.inject({ method: "GET", url });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

describe("uploading a profile photo", () => {
  it("accepts a PNG and stores a 400×400 WebP at an immutable URL", async () => {
    const response = await me.upload<PhotoBody>(uploadUrl(me.userId), {
      content: await png(),
      type: "image/png",
    });
    expect(response.status).toBe(200);
    const { photoURL } = response.body.data;
    expect(photoURL).toMatch(new RegExp(`^/api/storage/profile-images/${me.userId}\\?v=[\\w-]+$`));

    const image = await stored(photoURL);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["cache-control"]).toContain("immutable");
    const metadata = await sharp(image.body).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 400, height: 400 });
  });

  it("accepts a phone JPEG, turns it upright and keeps none of its EXIF", async () => {
    const jpeg = await phoneJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const response = await me.upload<PhotoBody>(uploadUrl(me.userId), {
      content: jpeg,
      filename: "IMG_0001.JPG",
      type: "image/jpeg",
    });
    expect(response.status).toBe(200);

    const image = await stored(response.body.data.photoURL);
    const metadata = await sharp(image.body).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(image.body.includes(Buffer.from("Secret Phone"))).toBe(false);
    expect(image.body.includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  it("gives each new photo a new URL; an old URL is no longer cached for good", async () => {
    const first = await me.upload<PhotoBody>(uploadUrl(me.userId), {
      content: await png(300, 300, "#112233"),
    });
    const second = await me.upload<PhotoBody>(uploadUrl(me.userId), {
      content: await png(500, 200, "#445566"),
    });
    expect(first.body.data.photoURL).not.toBe(second.body.data.photoURL);
    const old = await fetchImage(first.body.data.photoURL);
    expect(old.headers["cache-control"]).toBe("no-cache");
  });

  it.each([
    ["a text file named .png", Buffer.from("hello, I am not a picture"), "notes.png", "image/png"],
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'),
      "logo.svg",
      "image/svg+xml",
    ],
    ["a PDF", Buffer.from("%PDF-1.4\n%âãÏÓ\n"), "doc.pdf", "image/png"],
  ])(
    "refuses %s with 415 'Only image files are allowed.'",
    async (_what, content, filename, type) => {
      const response = await me.upload<ErrorBody>(uploadUrl(me.userId), {
        content,
        filename,
        type,
      });
      expect(response.status).toBe(415);
      expect(response.body.error.message).toBe(authMessages.onlyImages);
    },
  );

  it("refuses a 20000×20000 PNG from its header, without decoding 400 megapixels", async () => {
    const before = process.memoryUsage().rss;
    const response = await me.upload<ErrorBody>(uploadUrl(me.userId), {
      content: hugePngHeader(),
      type: "image/png",
    });
    const grownMb = (process.memoryUsage().rss - before) / 1024 / 1024;
    expect(response.status).toBe(413);
    expect(response.body.error.message).toMatch(/megapixels/);
    // Decoding it would take about 1.2 GB.
    expect(grownMb).toBeLessThan(200);
  });

  it("refuses a file over 10 MB with 413", async () => {
    const response = await me.upload<ErrorBody>(uploadUrl(me.userId), {
      content: Buffer.alloc(10 * 1024 * 1024 + 1, 1),
      type: "image/png",
    });
    expect(response.status).toBe(413);
    expect(response.body.error.message).toMatch(/10 MB/);
  });

  it("refuses a body that is not multipart with 415", async () => {
    const response = await me.put<ErrorBody>(uploadUrl(me.userId), { body: { photo: "x" } });
    expect(response.status).toBe(415);
  });

  it.each([
    ["a multipart type without a boundary", "multipart/form-data", "abc"],
    [
      "a form that never closes its boundary",
      "multipart/form-data; boundary=xx",
      '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
    ],
    ["a form with no parts at all", "multipart/form-data; boundary=xx", "--xx--\r\n"],
    ["a boundary that is never used", "multipart/form-data; boundary=xx", "hello"],
  ])(
    "refuses %s with a 4xx envelope, never a 500, and keeps the old photo",
    async (_, type, body) => {
      const before = await me.upload<PhotoBody>(uploadUrl(me.userId), { content: await png() });
      const response = await me.put<ErrorBody>(uploadUrl(me.userId), {
        rawBody: body,
        headers: { "content-type": type },
      });
      expect([400, 415]).toContain(response.status);
      expect(response.body.error.message).not.toBe("");
      const kept = await fetchImage(before.body.data.photoURL);
      expect(kept.status).toBe(200);
    },
  );

  it("lets nobody change someone else's photo", async () => {
    const other = await t.signIn(`other-${Date.now()}@example.test`);
    const response = await me.upload(uploadUrl(other.userId), { content: await png() });
    expect(response.status).toBe(403);
    const guest = await t.anonymous();
    expect((await guest.upload(uploadUrl(guest.userId), { content: await png() })).status).toBe(
      403,
    );
    expect((await t.client().upload(uploadUrl(me.userId), { content: await png() })).status).toBe(
      401,
    );
  });

  it("answers 404 for a photo that does not exist", async () => {
    expect((await fetchImage("/api/storage/profile-images/nobody")).status).toBe(404);
  });
});
