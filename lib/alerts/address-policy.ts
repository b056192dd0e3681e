/**
 * Where a webhook may be sent. A dealer names the URL, and the service calls it from inside its own network: a
 * URL that reaches loopback, a private or link-local range, a cloud metadata service or any other address that
 * is not a public unicast one would let a dealer probe what only the service can reach (SSRF). So:
 *
 * - the scheme is https, and the URL carries no user name or password;
 * - every address the host name resolves to must be public: one private answer refuses the URL (a name that
 *   resolves to a public and a private address is as dangerous as a private one); an IPv6 address that carries
 *   an IPv4 address (IPv4-mapped, -compatible or -translated, NAT64, 6to4) is judged as that IPv4 address;
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
import { config } from "../config";
import { log } from "../log";

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

/**
 * The IPv4 address an IPv6 address carries in its low bits, and the form it carries it in: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated but still routed
 * to the IPv4 address by some stacks), NAT64 (64:ff9b::a.b.c.d, 64:ff9b:1::/48) and 6to4 (2002:aabb:ccdd::/48).
 * A gateway or the host's own stack delivers such an address to the IPv4 address, so that is what is judged.
 */
function embeddedIPv4(v6: ipaddr.IPv6): { v4: ipaddr.IPv4; form: string } | null {
  const p = v6.parts;
  const low = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return { v4: low(p[6], p[7]), form: "an IPv4-mapped" };
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return { v4: low(p[6], p[7]), form: "an IPv4-translated" };
  // ::/96 without :: and ::1 themselves (unspecified and loopback in their own right).
  if (zeros(0, 6) && (p[6] !== 0 || p[7] > 1)) return { v4: low(p[6], p[7]), form: "an IPv4-compatible" };
  if (p[0] === 0x64 && p[1] === 0xff9b && (p[2] === 1 || zeros(2, 6))) return { v4: low(p[6], p[7]), form: "a NAT64" };
  if (p[0] === 0x2002) return { v4: low(p[1], p[2]), form: "a 6to4" };
  return null;
}

/**
 * An IPv6 address with a dotted IPv4 tail, the tail in hex (::127.0.0.1 → ::7f00:1): ipaddr.js reads "::" with a
 * dotted tail as IPv4-mapped (::ffff:7f00:1), not as the address written.
 */
function withHexTail(address: string): string {
  if (!address.includes(":")) return address;
  return address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a: string, b: string, c: string, d: string) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((n) => n.toString(16)).join(":"),
  );
}

/** Why an IP address may not receive webhooks, or null when it is a public unicast address. */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  const parsed = ipaddr.parse(withHexTail(address));
  if (parsed.kind() === "ipv6") {
    const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
    if (embedded) {
      const range = embedded.v4.range();
      // An IPv4 address written as IPv6 is refused as the IPv4 address it reaches.
      if (range !== "unicast")
        return `${embedded.form} form of ${embedded.v4.toString()}, ${NOT_PUBLIC[range] ?? `an address of the ${range} range`}`;
      // ::ffff:93.184.216.34 is that public address; the tunnel and translation forms stay refused (below).
      if (embedded.form === "an IPv4-mapped") return null;
      if (embedded.form === "an IPv4-compatible") return "a deprecated IPv4-compatible address";
    }
  }
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

/**
 * One warning in the log of a process that may deliver webhooks (a server process, the job runner) when
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true has turned the address checks off: an operator who left it on from a test
 * must see that dealers' URLs can now reach this network. Answers whether it warned.
 */
export function warnIfAddressChecksOff(processName: string): boolean {
  if (!config().alerts.allowPrivateNetworks) return false;
  log().warn(
    { process: processName, setting: "WEBHOOK_ALLOW_PRIVATE_NETWORKS" },
    "webhook address checks are off: WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lets a dealer's webhook URL use http and reach loopback, private and cloud metadata addresses of this network; set it only for tests or receivers on a private network",
  );
  return true;
}
