import { connect } from "node:net";

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends `request` byte for byte over one TCP connection and reads the answer:
 * for what a fetch client would tidy up (absolute-form request lines, odd paths).
 * The request must say `Connection: close`.
 */
export function rawHttp(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const head = text.slice(0, split);
      resolve({ status: Number(head.split(" ")[1]), head, body: text.slice(split + 4) });
    });
    socket.write(request);
  });
}
