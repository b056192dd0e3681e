/**
 * One webhook POST to a dealer's receiver, as safe as a call to a URL a customer chose can be:
 *
 * - the address rules of address-policy.ts, checked on the addresses the connection really uses: the host name
 *   is resolved by our own `lookup`, every answer is checked, and the socket connects to those very addresses
 *   (no second resolution between check and connect, so DNS rebinding cannot slip a private address in);
 * - a deadline for the whole exchange (WEBHOOK_TIMEOUT_MS, 10 s by default);
 * - no redirects: a 3xx is a failed attempt (following it would leave the checked address);
 * - a bounded body both ways: the event is small, and at most RESPONSE_LIMIT bytes of the answer are read;
 * - per endpoint (a watcher's registered URL), a bulkhead (at most ENDPOINT_CONCURRENCY deliveries in flight)
 *   and a circuit breaker (lib/outside): an endpoint that keeps failing is given a rest, and its deliveries fail
 *   at once meanwhile (they are retried on their schedule) instead of tying up the sender. Not per receiving
 *   host: many dealers' endpoints may live on one host (a shared integration platform), and one dealer's
 *   failing or hanging endpoint must neither open another's breaker nor hold the slots another waits for.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { LRUCache } from "lru-cache";
import { config } from "../config";
import { configuredBreaker, HostQueues, startDeadline, type Breaker } from "../outside";
import { addressRefusal, hostOf, parseWebhookUrl, WebhookUrlRefused } from "./address-policy";

/** What a receiver says back is not used beyond its status: read this much of it at most, then hang up. */
const RESPONSE_LIMIT = 16 * 1024;
/** An event is a few KB; anything near this is a bug, not an event. */
const MAX_EVENT_BYTES = 64 * 1024;
/** Deliveries in flight per endpoint. */
const ENDPOINT_CONCURRENCY = 4;

export type Delivery =
  | { ok: true; status: number; ms: number }
  | {
      ok: false;
      /** The receiver's HTTP status, when it answered. */
      status: number | null;
      /** refused: the URL or its addresses are not allowed; the rest: the receiver did not take the event. */
      reason: "refused" | "timeout" | "http_error" | "redirect" | "network_error" | "endpoint_failing";
      detail: string;
      ms: number;
    };

/** A resolver that refuses non-public addresses and hands the connection exactly the addresses it checked. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true, family: options.family }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      if (!allowPrivate) {
        for (const a of addresses) {
          const refusal = addressRefusal(a.address);
          if (refusal) return callback(new WebhookUrlRefused(`resolves to ${a.address}, ${refusal}`), "", 0);
        }
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Who a delivery is for: the watcher whose endpoint it is, and the URL registered. */
export interface EndpointTarget {
  watcherId: string;
  url: string;
}

/**
 * Breakers per endpoint. Endpoints come from dealers, so unlike lib/outside's named breakers (a handful from
 * configuration) there may be many: an LRU keeps the ones in use and drops idle ones. The key holds the URL
 * too, so an endpoint registered again at another URL starts with a closed breaker, as its record starts clean.
 */
const breakers = new LRUCache<string, Breaker>({ max: 5000 });
/** HostQueues keyed by endpoint, not host (it keeps only busy queues once it holds many). */
const bulkheads = new HostQueues(ENDPOINT_CONCURRENCY, 0);

const endpointKey = (e: EndpointTarget) => `${e.watcherId} ${e.url}`;

function breakerOf(key: string): Breaker {
  let breaker = breakers.get(key);
  const { breakerFailures, breakerCooldownMs } = config().outside;
  if (!breaker || breaker.failures !== breakerFailures || breaker.cooldownMs !== breakerCooldownMs) {
    breaker = configuredBreaker(`webhook:${key}`);
    breakers.set(key, breaker);
  }
  return breaker;
}

/** Posts `body` with `headers` to the endpoint; never throws. */
export async function postEvent(
  endpoint: EndpointTarget,
  body: string,
  headers: Record<string, string>,
): Promise<Delivery> {
  const target = endpoint.url;
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const { allowPrivateNetworks, webhookTimeoutMs } = config().alerts;
  let url: URL;
  try {
    url = parseWebhookUrl(target, allowPrivateNetworks);
    const host = hostOf(url);
    // An address literal never goes through the resolver: check it here.
    const literal = isIP(host) && !allowPrivateNetworks ? addressRefusal(host) : null;
    if (literal) throw new WebhookUrlRefused(`is ${host}, ${literal}`);
  } catch (error) {
    return { ok: false, status: null, reason: "refused", detail: `The URL ${(error as Error).message}.`, ms: ms() };
  }
  if (Buffer.byteLength(body) > MAX_EVENT_BYTES) {
    return {
      ok: false,
      status: null,
      reason: "refused",
      detail: `The event is larger than ${MAX_EVENT_BYTES} bytes.`,
      ms: ms(),
    };
  }
  const key = endpointKey(endpoint);
  const breaker = breakerOf(key);
  const deadline = startDeadline(webhookTimeoutMs);
  try {
    return await breaker.run(
      () =>
        bulkheads.run(key, deadline.signal, () =>
          send(url, body, headers, deadline.signal, allowPrivateNetworks, webhookTimeoutMs, ms),
        ),
      {
        failed: (d) => !d.ok,
        // A refused address is the URL's fault, not the endpoint's health.
        ignored: (d) => !d.ok && d.reason === "refused",
        open: () => ({
          ok: false,
          status: null,
          reason: "endpoint_failing",
          detail: `Not sent: this endpoint failed repeatedly and is given a rest (${Math.round(breaker.cooldownMs / 1000)} s) before it is tried again.`,
          ms: ms(),
        }),
      },
    );
  } catch (error) {
    // The bulkhead's wait ran past the deadline.
    return {
      ok: false,
      status: null,
      reason: "timeout",
      detail: `No answer within ${webhookTimeoutMs} ms (${(error as Error).message}).`,
      ms: ms(),
    };
  } finally {
    deadline.clear();
  }
}

function send(
  url: URL,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  allowPrivate: boolean,
  timeoutMs: number,
  ms: () => number,
): Promise<Delivery> {
  return new Promise((resolve) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "vinscope-webhooks/1",
        },
        lookup: checkedLookup(allowPrivate),
        signal,
        // A fresh connection per delivery: a kept-alive socket would skip the address check of the next one.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > RESPONSE_LIMIT) response.destroy();
        });
        const settle = () => {
          if (status >= 200 && status < 300) resolve({ ok: true, status, ms: ms() });
          else if (status >= 300 && status < 400) {
            const to = response.headers.location ? ` to ${String(response.headers.location).slice(0, 200)}` : "";
            resolve({
              ok: false,
              status,
              reason: "redirect",
              detail: `HTTP ${status}: redirects${to} are not followed.`,
              ms: ms(),
            });
          } else resolve({ ok: false, status, reason: "http_error", detail: `HTTP ${status}.`, ms: ms() });
        };
        response.on("end", settle);
        // Cut off after RESPONSE_LIMIT, or the connection dropped mid-answer: the status is what counts.
        response.on("close", settle);
      },
    );
    request.on("error", (error) => {
      if (error instanceof WebhookUrlRefused) {
        resolve({ ok: false, status: null, reason: "refused", detail: `The URL ${error.message}.`, ms: ms() });
      } else if (signal.aborted) {
        resolve({ ok: false, status: null, reason: "timeout", detail: `No answer within ${timeoutMs} ms.`, ms: ms() });
      } else {
        resolve({ ok: false, status: null, reason: "network_error", detail: describe(error), ms: ms() });
      }
    });
    request.end(body);
  });
}

function describe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return `${code ? `${code}: ` : ""}${error.message}`.slice(0, 300);
}
