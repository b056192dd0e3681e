/**
 * Who is asking: the client address a rate limit counts against.
 *
 * A route handler of Next.js never sees the socket. Next fills `x-forwarded-for` with the socket address only
 * when the request has none (`??=` in its base server), so a client that sends its own `X-Forwarded-For`
 * would choose its own address. The socket address therefore travels in a header of ours,
 * `x-vinscope-peer-address`, set at the HTTP server's `request` event (installed by instrumentation.ts in
 * every server process) and always overwritten there, so a client cannot send it either.
 *
 * `X-Forwarded-For` is believed only hop by hop from the socket inwards, and only while the hop is a trusted
 * proxy (TRUSTED_PROXIES): the client is the first address, read from the right, that is not a trusted proxy.
 * That is the rule of proxy-addr / Express's `trust proxy`; with no trusted proxies the socket address is the
 * client, whatever the headers say.
 */
import http from "node:http";
import { BlockList, isIP } from "node:net";
import { performance } from "node:perf_hooks";
import { ARRIVED_HEADER, arrivalOfRequest, BusyStretch, type LoopMoment } from "./arrival";
import { ConnectionBurst } from "./connection-burst";

export const PEER_ADDRESS_HEADER = "x-vinscope-peer-address";

const installed = globalThis as unknown as { __vinscopePeerAddress?: boolean };

/**
 * Set on a socket when it connects and again when each answer on it has gone out: from then on it was ready for
 * its next request (lib/http/arrival.ts).
 */
const READY = Symbol("vinscope.ready");
type Tracked = { [READY]?: LoopMoment };

const momentNow = (): LoopMoment => ({ at: performance.now(), idle: performance.eventLoopUtilization().idle });

/**
 * Stamps every request with its socket address, and with when it arrived (lib/http/arrival.ts), before Next.js
 * sees it. Once per process.
 *
 * The request is then handled on the next turn of the event loop, not at once: the requests whose bytes came in
 * together are all stamped first. Handled at once, each would run its synchronous start (routing, the decode,
 * starting its calls: milliseconds) before the next one is even read, so the fifth of five requests arriving
 * together would be stamped tens of milliseconds late, and its live budget would end that much past its real
 * arrival. And a request read at the end of a busy stretch is dated back to when it can first have come
 * (arrivalOfRequest): from when its socket was ready, plus the time the loop then spent waiting for I/O. While new
 * connections keep coming, the starts wait until the process has taken them all (connection-burst.ts).
 */
export function installPeerAddress(): void {
  if (installed.__vinscopePeerAddress) return;
  installed.__vinscopePeerAddress = true;
  const burst = new ConnectionBurst();
  const loop = new BusyStretch();
  /** A moment the hook sees, noted for the busy stretch. */
  const seen = (): LoopMoment => {
    const now = momentNow();
    loop.observe(now);
    return now;
  };
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...rest: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "connection") {
      (args[0] as Tracked)[READY] = seen();
      burst.connected();
      return emit.call(this, event, ...args);
    }
    if (event !== "request") return emit.call(this, event, ...args);
    const req = args[0] as http.IncomingMessage;
    const socket = req.socket as (typeof req.socket & Tracked) | null;
    const ready = socket?.[READY];
    const read = momentNow();
    const busySince = loop.observe(read);
    let arrived = read.at;
    if (socket) {
      if (ready) arrived = arrivalOfRequest(read, ready, busySince);
      socket[READY] = undefined;
      // A client sends its next request on a kept-alive connection once it has this answer.
      (args[1] as http.ServerResponse).once("finish", () => {
        if (!socket.destroyed) socket[READY] = seen();
      });
    }
    req.headers[ARRIVED_HEADER] = String(arrived);
    const peer = req.socket?.remoteAddress;
    if (peer) req.headers[PEER_ADDRESS_HEADER] = peer;
    else delete req.headers[PEER_ADDRESS_HEADER];
    burst.start(() => emit.call(this, event, ...args));
    // What emit answers for a listened-to event; Node's HTTP server does not read it for "request".
    return true;
  } as typeof http.Server.prototype.emit;
}

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
