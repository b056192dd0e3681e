/**
 * The one way the service talks to manufacturer hosts. A VIN only ever fills the `{vin}` slot of a fixed
 * endpoint template (validated and percent-encoded), so the host is always one of the configured ones;
 * redirects are followed only on the same host; every call has a deadline, a body size cap and its place
 * in the per-host queue (host-gate.ts).
 */
import { config } from "../config";
import { log } from "../log";
import { fordFetcher } from "./fetchers/ford";
import { gmFetcher } from "./fetchers/gm";
import { hyundaiFetcher } from "./fetchers/hyundai";
import type { ManufacturerReply, StickerFetcher, Verdict } from "./fetchers/reply";
import { stellantisFetcher } from "./fetchers/stellantis";
import { HostGate } from "./host-gate";
import type { EndpointId, SupportedGroup } from "./registry";

export const FETCHERS: Record<EndpointId, StickerFetcher> = {
  gm: gmFetcher,
  stellantis: stellantisFetcher,
  ford: fordFetcher,
  hyundai: hyundaiFetcher,
};

export type FetchOutcome =
  | { kind: "pdf"; pdf: Buffer }
  | { kind: "none"; why: string }
  | { kind: "error"; why: string };

export interface FetchOptions {
  /** Model name for endpoints that need it (Hyundai / Genesis). */
  model?: string | null;
  /** Per-call deadline, counted from when the host queue lets the request go. */
  timeoutMs?: number;
  /** An outer deadline (a whole provision run); aborting it also drops a request still queued. */
  signal?: AbortSignal;
}

const STRICT_VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const MAX_REDIRECTS = 3;

let gate: HostGate | undefined;

function hostGate(): HostGate {
  const { hostConcurrency, hostIntervalMs } = config().stickers;
  if (!gate || gate.concurrency !== hostConcurrency || gate.intervalMs !== hostIntervalMs) {
    gate = new HostGate(hostConcurrency, hostIntervalMs);
  }
  return gate;
}

/** The URL for a VIN; throws if the VIN is not a strict 17-character VIN or the result left the template's host. */
export function stickerUrl(endpoint: EndpointId, vin: string, model?: string | null): URL {
  if (!STRICT_VIN.test(vin)) throw new Error("stickerUrl: not a normalized VIN");
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

export async function fetchSticker(group: SupportedGroup, vin: string, options: FetchOptions = {}): Promise<FetchOutcome> {
  const fetcher = FETCHERS[group.endpoint];
  const url = stickerUrl(group.endpoint, vin, options.model);
  const timeoutMs = options.timeoutMs ?? config().stickers.timeoutMs;
  const started = performance.now();
  let verdict: Verdict = { kind: "empty" };
  // An empty body is sometimes a hiccup (GM answers empty for VINs it has): one more try, then "no sticker".
  for (let attempt = 1; attempt <= 2 && verdict.kind === "empty"; attempt++) {
    const result = await requestOnce(url, timeoutMs, options.signal);
    if ("error" in result) {
      verdict = { kind: "error", why: result.error };
      break;
    }
    verdict = fetcher.read(result.reply);
    if (verdict.kind === "pdf") {
      logFetch(group, vin, "pdf", started, attempt);
      return { kind: "pdf", pdf: result.reply.body };
    }
  }
  const outcome: FetchOutcome =
    verdict.kind === "empty" ? { kind: "none", why: "manufacturer answered an empty body twice" } : (verdict as FetchOutcome);
  logFetch(group, vin, outcome.kind, started, undefined, outcome.kind === "pdf" ? undefined : outcome.why);
  return outcome;
}

function logFetch(group: SupportedGroup, vin: string, outcome: string, started: number, attempt?: number, why?: string) {
  const ms = Math.round(performance.now() - started);
  log().info({ group: group.id, vin, outcome, why, attempt, ms }, "manufacturer sticker fetch");
}

type RequestResult = { reply: ManufacturerReply } | { error: string };

async function requestOnce(url: URL, timeoutMs: number, outer?: AbortSignal): Promise<RequestResult> {
  const queueSignal = outer ?? new AbortController().signal;
  try {
    return await hostGate().run(url.host, queueSignal, async () => {
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
      try {
        return { reply: await followSameHost(url, signal) };
      } catch (error) {
        if (deadline.aborted) return { error: `no answer within ${timeoutMs} ms` };
        if (outer?.aborted) return { error: "overall deadline passed" };
        return { error: describe(error) };
      }
    });
  } catch {
    // Aborted while still queued for the host.
    return { error: "overall deadline passed before the manufacturer could be asked" };
  }
}

async function followSameHost(start: URL, signal: AbortSignal): Promise<ManufacturerReply> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const response = await fetch(url, {
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
  gate = undefined;
}
