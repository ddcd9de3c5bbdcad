import proxyAddr from "@fastify/proxy-addr";
import type { FastifyServerOptions } from "fastify";

type TrustProxy = NonNullable<FastifyServerOptions["trustProxy"]>;

/**
 * Whether the peer of a connection is a proxy this server trusts, by the same
 * setting Fastify reads X-Forwarded-For with (`trustProxy`): everything (`true`),
 * a number of hops in front (the peer is the first of them), addresses or ranges
 * (`"127.0.0.1,10.0.0.0/8"`), or a function. What a trusted proxy says about the
 * request (its id) may be taken; anyone else's is written by the client.
 */
export function trustedPeer(trustProxy: TrustProxy | undefined): (address: string) => boolean {
  if (trustProxy === undefined || trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === "function") return (address) => trustProxy(address, 0);
  const list =
    typeof trustProxy === "string" ? trustProxy.split(",").map((s) => s.trim()) : trustProxy;
  const trusts = proxyAddr.compile(list);
  return (address) => trusts(address, 0);
}
