/**
 * The one way the service talks to manufacturer hosts. A VIN only ever fills the `{vin}` slot of a fixed
 * endpoint template (validated and percent-encoded), so the host is always one of the configured ones;
 * redirects are followed only on the same host; every call has a deadline, a body size cap and its place
 * in the per-host queue (lib/outside's HostQueues, on p-queue).
 *
 * Bounded waits: the deadline counts from the moment the fetch is asked for, queue wait included; a caller
 * whose signal aborts (a client that disconnected) leaves the queue and its fetch is aborted; with
 * STICKER_HOST_QUEUE_MAX callers already waiting for a host the next is answered "busy" at once; and each
 * host has a breaker (lib/outside) that answers "unavailable" at once after repeated failures of that host.
 */
import type { Vin } from "../vin";
import { config } from "../config";
import { log } from "../log";
import { fordFetcher } from "./fetchers/ford";
import { gmFetcher } from "./fetchers/gm";
import { hyundaiFetcher } from "./fetchers/hyundai";
import type { ManufacturerReply, StickerFetcher, Verdict } from "./fetchers/reply";
import { stellantisFetcher } from "./fetchers/stellantis";
import {
  breakerFor,
  HostQueueFull,
  HostQueues,
  platformFetch,
  resetBreakersForTests,
  retryAnswer,
  startDeadline,
} from "../outside";
import type { EndpointId, SupportedGroup } from "./registry";

const FETCHERS: Record<EndpointId, StickerFetcher> = {
  gm: gmFetcher,
  stellantis: stellantisFetcher,
  ford: fordFetcher,
  hyundai: hyundaiFetcher,
};

export type FetchOutcome =
  | { kind: "pdf"; pdf: Buffer }
  | { kind: "none"; why: string }
  | { kind: "error"; why: string }
  /** Not asked: the host's queue is full (`busy`) or its breaker is open (`down`); try again after retryAfterS. */
  | { kind: "unavailable"; why: string; cause: "busy" | "down"; retryAfterS: number };

export interface FetchOptions {
  /** Model name for endpoints that need it (Hyundai / Genesis). */
  model?: string | null;
  /** Deadline of the whole fetch, counted from the call: the wait in the host queue is part of it. */
  timeoutMs?: number;
  /** An outer deadline (a whole provision run) or the client's request signal; aborting it drops a request still queued and aborts its fetch. */
  signal?: AbortSignal;
  /** Join the host queue whatever its length (a provision run, bounded by its own batch limit and deadline). */
  ignoreQueueCap?: boolean;
}

const MAX_REDIRECTS = 3;

let queues: HostQueues | undefined;

function hostQueues(): HostQueues {
  const { hostConcurrency, hostIntervalMs } = config().stickers;
  if (!queues || queues.concurrency !== hostConcurrency || queues.intervalMs !== hostIntervalMs) {
    queues = new HostQueues(hostConcurrency, hostIntervalMs);
  }
  return queues;
}

/** The URL for a VIN; throws if the VIN is not a strict 17-character VIN or the result left the template's host. */
export function stickerUrl(endpoint: EndpointId, vin: Vin, model?: string | null): URL {
  const template = config().stickers.urls[endpoint];
  const url = new URL(
    template.replaceAll("{vin}", encodeURIComponent(vin)).replaceAll("{model}", encodeURIComponent(model ?? "")),
  );
  const expected = new URL(template.replaceAll("{vin}", "VIN").replaceAll("{model}", "MODEL"));
  if (url.origin !== expected.origin) throw new Error("stickerUrl: the URL left the manufacturer host");
  return url;
}

/** Every host the service may contact for stickers (the configured templates' hosts, nothing else). */
export function manufacturerHosts(): string[] {
  return [...new Set(Object.values(config().stickers.urls).map((t) => new URL(t.replaceAll(/\{\w+\}/g, "x")).host))];
}

export async function fetchSticker(group: SupportedGroup, vin: Vin, options: FetchOptions = {}): Promise<FetchOutcome> {
  const url = stickerUrl(group.endpoint, vin, options.model);
  const breaker = breakerFor(`sticker:${url.host}`);
  const timeoutMs = options.timeoutMs ?? config().stickers.timeoutMs;
  const deadline = startDeadline(timeoutMs, options.signal);
  return breaker
    .run<FetchOutcome>(() => fetchWithin(group, vin, url, options, timeoutMs, deadline.signal), {
      // The host failed (no answer in time, refused, unusable reply), not the caller who went away.
      failed: (o) => o.kind === "error",
      ignored: (o) => o.kind === "unavailable" || (o.kind === "error" && options.signal?.aborted === true),
      open: () => ({
        kind: "unavailable",
        cause: "down",
        why: `${url.host} failed repeatedly; it is not asked again until its cool-down ends`,
        retryAfterS: Math.ceil(config().outside.breakerCooldownMs / 1000),
      }),
    })
    .finally(deadline.clear);
}

async function fetchWithin(
  group: SupportedGroup,
  vin: string,
  url: URL,
  options: FetchOptions,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<FetchOutcome> {
  const fetcher = FETCHERS[group.endpoint];
  const started = performance.now();
  // An empty body is sometimes a hiccup (GM answers empty for VINs it has): one more try, then "no sticker".
  const last = await retryAnswer(
    async (attempt) => {
      const result = await requestOnce(url, timeoutMs, signal, options);
      const verdict: Verdict | null = "reply" in result ? fetcher.read(result.reply) : null;
      return { attempt, result, verdict };
    },
    { retries: 1, backoffMs: 0, retryable: (a) => a.verdict?.kind === "empty" },
  );
  const { attempt, result, verdict } = last;
  if ("busy" in result) {
    logFetch(group, vin, "busy", started, attempt, result.busy);
    return {
      kind: "unavailable",
      cause: "busy",
      why: result.busy,
      retryAfterS: Math.max(1, Math.ceil(timeoutMs / 1000)),
    };
  }
  if ("reply" in result && verdict?.kind === "pdf") {
    logFetch(group, vin, "pdf", started, attempt);
    return { kind: "pdf", pdf: result.reply.body };
  }
  const outcome: FetchOutcome =
    "error" in result
      ? { kind: "error", why: result.error }
      : verdict === null || verdict.kind === "empty"
        ? { kind: "none", why: "manufacturer answered an empty body twice" }
        : (verdict as FetchOutcome);
  logFetch(group, vin, outcome.kind, started, undefined, outcome.kind === "pdf" ? undefined : outcome.why);
  return outcome;
}

function logFetch(
  group: SupportedGroup,
  vin: string,
  outcome: string,
  started: number,
  attempt?: number,
  why?: string,
) {
  const ms = Math.round(performance.now() - started);
  log().info({ group: group.id, vin, outcome, why, attempt, ms }, "manufacturer sticker fetch");
}

type RequestResult = { reply: ManufacturerReply } | { error: string } | { busy: string };

/** One request through the host queue; `signal` is the whole fetch's deadline joined with the caller's signal. */
async function requestOnce(
  url: URL,
  timeoutMs: number,
  signal: AbortSignal,
  options: FetchOptions,
): Promise<RequestResult> {
  const maxQueue = options.ignoreQueueCap ? undefined : config().stickers.hostQueueMax;
  const callerGone = () => options.signal?.aborted === true;
  try {
    return await hostQueues().run(
      url.host,
      signal,
      async () => {
        try {
          return { reply: await followSameHost(url, signal) };
        } catch (error) {
          if (callerGone()) return { error: "overall deadline passed or the client went away" };
          if (signal.aborted) return { error: `no answer within ${timeoutMs} ms` };
          return { error: describe(error) };
        }
      },
      maxQueue,
    );
  } catch (error) {
    if (error instanceof HostQueueFull) return { busy: error.message };
    // Aborted while still queued for the host.
    if (callerGone())
      return { error: "overall deadline passed (or the client went away) before the manufacturer could be asked" };
    return { error: `no answer within ${timeoutMs} ms (waiting for the host queue)` };
  }
}

async function followSameHost(start: URL, signal: AbortSignal): Promise<ManufacturerReply> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const response = await platformFetch(url, {
      redirect: "manual",
      signal,
      headers: { accept: "application/pdf, */*;q=0.5", "user-agent": "vinscope-window-sticker/1" },
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.host !== start.host) throw new RedirectRefused(`refused a redirect to another host (${next.host})`);
      if (hop >= MAX_REDIRECTS) throw new RedirectRefused("too many redirects");
      url = next;
      continue;
    }
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      body: await readCapped(response, config().stickers.maxBytes),
    };
  }
}

class RedirectRefused extends Error {}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new Error(`reply larger than ${maxBytes} bytes`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error(`reply larger than ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks, total);
}

function describe(error: unknown): string {
  if (error instanceof RedirectRefused) return error.message;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return `manufacturer unreachable (${cause.code})`;
  if (cause?.message) return `manufacturer unreachable (${cause.message})`;
  return error instanceof Error ? error.message : String(error);
}

export function resetFetchStateForTests(): void {
  queues = undefined;
  resetBreakersForTests();
}
