// A push service on this machine for the tests: it takes what the server POSTs,
// decrypts each payload (RFC 8291, aes128gcm) with the device keys it made, and
// answers as it was told (a 500 first, a 410 always).
import {
  createDecipheriv,
  createECDH,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
} from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  device: string;
  /** The payload's plain text, as decrypted. */
  text: string;
  headers: IncomingMessage["headers"];
}

export interface Device {
  name: string;
  /** What a browser's PushSubscription.toJSON() gives, for PUT /api/push/subscription. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Statuses to answer before 201s, one per request (then 201). */
  failWith: number[];
  /** Answer this to every request (404, 410): the device is gone. */
  goneWith?: number;
}

export interface PushReceiver {
  url: string;
  pushes: ReceivedPush[];
  /** Every request, decrypted or not: `device` and the status answered. */
  requests: { device: string; status: number }[];
  device(options?: { failWith?: number[]; goneWith?: number }): Device;
  close(): Promise<void>;
}

const MAX_BODY = 8192;

/** RFC 8188/8291: one aes128gcm record, decrypted with the device's private key and auth secret. */
export function decryptPayload(body: Buffer, device: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error("more than one record");
  const ecdhSecret = device.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record: the text, a 0x02 delimiter, then zero or more zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const devices = new Map<string, { device: Device; keys: ECDH; auth: Buffer }>();
  const pushes: ReceivedPush[] = [];
  const requests: PushReceiver["requests"] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    request.on("end", () => {
      const id = (request.url ?? "").split("/").pop() ?? "";
      const known = devices.get(id);
      const answer = (status: number) => {
        requests.push({ device: known?.device.name ?? id, status });
        response.writeHead(status).end();
      };
      if (!known) return answer(404);
      const { device, keys, auth } = known;
      if (device.goneWith) return answer(device.goneWith);
      const failure = device.failWith.shift();
      if (failure) return answer(failure);
      const ok =
        request.method === "POST" &&
        request.headers["content-encoding"] === "aes128gcm" &&
        /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/.test(request.headers.authorization ?? "");
      if (!ok || size > MAX_BODY) return answer(400);
      const text = decryptPayload(Buffer.concat(chunks), keys, auth);
      pushes.push({ device: device.name, text, headers: request.headers });
      answer(201);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let count = 0;
  return {
    url,
    pushes,
    requests,
    device({ failWith = [], goneWith } = {}) {
      const id = randomUUID();
      const keys = createECDH("prime256v1");
      keys.generateKeys();
      const auth = randomBytes(16);
      const device: Device = {
        name: `device-${++count}`,
        subscription: {
          endpoint: `${url}/push/${id}`,
          keys: { p256dh: keys.getPublicKey("base64url"), auth: auth.toString("base64url") },
        },
        failWith: [...failWith],
        goneWith,
      };
      devices.set(id, { device, keys, auth });
      return device;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
