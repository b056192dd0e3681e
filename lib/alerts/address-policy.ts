/**
 * Where a webhook may be sent. A dealer names the URL, and the service calls it from inside its own network: a
 * URL that reaches loopback, a private or link-local range, a cloud metadata service or any other address that
 * is not a public unicast one would let a dealer probe what only the service can reach (SSRF). So:
 *
 * - the scheme is https, and the URL carries no user name or password;
 * - every address the host name resolves to must be public: one private answer refuses the URL (a name that
 *   resolves to a public and a private address is as dangerous as a private one);
 * - the check is made again at every delivery, on the very addresses the connection then uses
 *   (lib/alerts/outbound.ts pins them), so a name whose DNS changes to a private address later (DNS rebinding)
 *   is refused then.
 *
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lifts the address and scheme rules, for tests and for services whose
 * receivers live on a private network.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** ipaddr.js's name of every range that is not a public unicast address. */
const NOT_PUBLIC: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address (cloud metadata services live there)",
  loopback: "a loopback address",
  private: "a private-network address",
  uniqueLocal: "a private-network (unique local) address",
  carrierGradeNat: "a carrier-grade NAT address",
  reserved: "a reserved address",
  benchmarking: "a benchmarking address",
  amt: "a multicast tunnelling address",
  as112: "an AS112 address",
  as112v6: "an AS112 address",
  deprecated: "a deprecated address range",
  orchid2: "an ORCHID address",
  droneRemoteIdProtocolEntityTags: "a reserved address",
  discard: "a discard-only address",
  teredo: "a Teredo tunnel address",
  "6to4": "a 6to4 tunnel address",
  rfc6052: "a NAT64 address",
  rfc6145: "an IPv4-translated address",
  ipv4Mapped: "an IPv4-mapped address",
};

/** Why an IP address may not receive webhooks, or null when it is a public unicast address. */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  let parsed = ipaddr.parse(address);
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it reaches.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === "unicast") return null;
  return NOT_PUBLIC[range] ?? `an address of the ${range} range`;
}

export class WebhookUrlRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookUrlRefused";
  }
}

/** The URL as a webhook target, or WebhookUrlRefused saying why (before any DNS: scheme, credentials, form). */
export function parseWebhookUrl(text: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookUrlRefused("is not an absolute URL");
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    throw new WebhookUrlRefused(allowPrivate ? "must use https or http" : "must use https");
  }
  if (url.username || url.password) throw new WebhookUrlRefused("must not carry a user name or password");
  if (url.hash) throw new WebhookUrlRefused("must not carry a #fragment");
  return url;
}

/** The bare host of a URL ([::1] → ::1). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * Checks every address the URL's host resolves to now. Resolves when the URL may be called; rejects with
 * WebhookUrlRefused otherwise (a name that does not resolve is refused too: there is nothing to check).
 */
export async function checkWebhookTarget(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(url);
  const addresses = isIP(host) ? [host] : await resolveAll(host);
  for (const address of addresses) {
    const refusal = addressRefusal(address);
    if (refusal) throw new WebhookUrlRefused(`resolves to ${address}, ${refusal}`);
  }
}

async function resolveAll(host: string): Promise<string[]> {
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch (error) {
    throw new WebhookUrlRefused(`does not resolve (${(error as NodeJS.ErrnoException).code ?? "DNS error"})`);
  }
}
