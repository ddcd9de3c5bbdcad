import type { FastifyRequest } from "fastify";

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/**
 * Whether a request comes from a program on this machine, for the helpers that
 * must never face the network (the local mailbox, the test clock). The socket's
 * peer decides (never X-Forwarded-For, which anyone can write), and a request
 * relayed by a proxy on this machine is not local either.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? "";
  return LOOPBACK.test(peer) && FORWARDING_HEADERS.every((name) => !(name in request.headers));
}
