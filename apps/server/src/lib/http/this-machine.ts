import type { FastifyRequest } from "fastify";

const LOOPBACK_PEER =
  /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
/**
 * The names a browser on this machine gives the server, with or without a port.
 * A page whose DNS name was rebound to 127.0.0.1 still sends its own name.
 */
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;
/**
 * Headers a proxy, load balancer or CDN adds to what it relays. Any of them means
 * another program stands between the socket and whoever asked.
 */
const RELAY_HEADERS = new Set([
  "forwarded",
  "via",
  "x-real-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "x-client-ip",
  "x-cluster-client-ip",
  "fastly-client-ip",
  "x-envoy-external-address",
]);
/** Families of them: X-Forwarded-For, -Host, -Proto, -Port…, X-Original-Forwarded-For, -Host… */
const RELAY_PREFIXES = ["x-forwarded-", "x-original-"];

const relayed = (name: string) =>
  RELAY_HEADERS.has(name) || RELAY_PREFIXES.some((prefix) => name.startsWith(prefix));

/**
 * Whether a request comes from a program on this machine, for the helpers that
 * must never face the network (the local mailbox, the test clock). All three
 * must hold: the socket's peer is loopback (never X-Forwarded-For, which anyone
 * can write); the Host is this machine's own name (a DNS-rebound page sends its
 * own, and its scripts could otherwise read the answer); and no proxy relayed it,
 * whatever proxy it is and whatever it claims.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? "";
  const host = request.headers.host ?? "";
  return (
    LOOPBACK_PEER.test(peer) && LOCAL_HOST.test(host) && !Object.keys(request.headers).some(relayed)
  );
}
