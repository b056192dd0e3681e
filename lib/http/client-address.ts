/**
 * Who is asking: the client address a rate limit counts against.
 *
 * A route handler of Next.js never sees the socket. Next fills `x-forwarded-for` with the socket address only
 * when the request has none (`??=` in its base server), so a client that sends its own `X-Forwarded-For`
 * would choose its own address. The socket address therefore travels in a header of ours,
 * `x-vinscope-peer-address`, set at the HTTP server's `request` event (lib/http/server-gate.ts, in every server
 * process) and always overwritten there, so a client cannot send it either.
 *
 * `X-Forwarded-For` is believed only hop by hop from the socket inwards, and only while the hop is a trusted
 * proxy (TRUSTED_PROXIES): the client is the first address, read from the right, that is not a trusted proxy.
 * That is the rule of proxy-addr / Express's `trust proxy`; with no trusted proxies the socket address is the
 * client, whatever the headers say.
 */
import { BlockList, isIP } from "node:net";

export const PEER_ADDRESS_HEADER = "x-vinscope-peer-address";

/** `::ffff:192.0.2.1` → `192.0.2.1`; a zone id (`fe80::1%eth0`) is dropped; anything else unchanged. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1] : trimmed.toLowerCase();
}

/** A matcher for addresses and CIDR ranges, on Node's own BlockList. */
export class AddressSet {
  private readonly list = new BlockList();
  readonly size: number;

  constructor(entries: string[]) {
    for (const entry of entries) {
      const [address, bits] = entry.split("/");
      const family = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (bits === undefined) this.list.addAddress(normaliseAddress(address), family);
      else this.list.addSubnet(normaliseAddress(address), Number(bits), family);
    }
    this.size = entries.length;
  }

  has(address: string): boolean {
    if (this.size === 0) return false;
    const family = isIP(address);
    if (!family) return false;
    return this.list.check(address, family === 6 ? "ipv6" : "ipv4");
  }
}

/**
 * The client's address: the socket's, or, when the socket is a trusted proxy, the nearest address in
 * X-Forwarded-For that is not one. Null when the request carries no peer address (a request that reached
 * Next.js before instrumentation ran, in the first moments of a process).
 */
export function clientAddress(headers: Headers, trusted: AddressSet): string | null {
  const peer = headers.get(PEER_ADDRESS_HEADER);
  if (!peer) return null;
  let client = normaliseAddress(peer);
  if (!trusted.has(client)) return client;
  const forwarded = headers.get("x-forwarded-for");
  if (!forwarded) return client;
  const hops = forwarded
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normaliseAddress(
      hops[i].replace(/^\[([^\]]+)\](?::\d+)?$/, "$1").replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, "$1"),
    );
    // A malformed entry ends the walk: what lies beyond it was not written by a proxy we trust.
    if (!isIP(hop)) return client;
    client = hop;
    if (!trusted.has(hop)) return hop;
  }
  return client;
}

/**
 * The counter an address is limited under. An IPv6 client usually holds a whole /64 (one per household or
 * server), so IPv6 addresses are counted per /64; IPv4 addresses one by one.
 */
export function addressLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIpv6(address: string): string[] {
  let text = address;
  // An embedded IPv4 tail (::ffff:1.2.3.4 forms not caught by normaliseAddress, 64:ff9b::1.2.3.4) → two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => (parseInt(g, 16) || 0).toString(16));
}
