/**
 * NHTSA's public recalls API (api.nhtsa.gov): `recalls/recallsByVehicle?make=&model=&modelYear=`,
 * `recalls/campaignNumber?campaignNumber=` and `products/vehicle/models?modelYear=&make=&issueType=r`. Every call has a deadline (config().nhtsa.timeoutMs per attempt)
 * and one retry after a short backoff on a network error, timeout or 5xx; a 4xx is not retried. A null base
 * URL (NHTSA_API_BASE_URL=off) means offline: the client is never asked.
 */
import { config } from "../config";
import { log } from "../log";
import { nhtsaRecallsResponse, recordFromNhtsaRow } from "./nhtsa-rows";
import type { RecallRecord } from "./record";

export type NhtsaFailure = {
  ok: false;
  reason: "offline" | "timeout" | "http_error" | "network_error" | "bad_response" | "aborted" | "breaker_open";
  detail: string;
  /** The HTTP status when NHTSA answered with an error. */
  status?: number;
};

export type NhtsaAnswer =
  | { ok: true; records: RecallRecord[]; skipped: number }
  | NhtsaFailure;

const RETRY_BACKOFF_MS = 250;

export function nhtsaOnline(): boolean {
  return config().nhtsa.apiBaseUrl !== null;
}

export async function fetchRecallsByVehicle(
  q: { year: number; make: string; model: string },
  opts: { signal?: AbortSignal } = {},
): Promise<NhtsaAnswer> {
  return ask("recalls/recallsByVehicle", { make: q.make, model: q.model, modelYear: String(q.year) }, opts.signal);
}

/**
 * The model names NHTSA's recall data uses for a year and make (`products/vehicle/models?issueType=r`):
 * how "Silverado" (vPIC) finds "SILVERADO 1500" (NHTSA) before asking recallsByVehicle.
 */
export async function fetchRecallModels(
  q: { year: number; make: string },
  opts: { signal?: AbortSignal } = {},
): Promise<{ ok: true; models: string[] } | NhtsaFailure> {
  const answer = await request(
    "products/vehicle/models",
    { modelYear: String(q.year), make: q.make, issueType: "r" },
    opts.signal,
    (rows) => ({
      ok: true as const,
      models: [...new Set(rows.map((r) => String((r as Record<string, unknown>)?.model ?? (r as Record<string, unknown>)?.Model ?? "").trim()).filter(Boolean))],
    }),
  );
  return answer;
}

export async function fetchCampaign(campaignNumber: string, opts: { signal?: AbortSignal } = {}): Promise<NhtsaAnswer> {
  return ask("recalls/campaignNumber", { campaignNumber }, opts.signal);
}

function ask(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<NhtsaAnswer> {
  return request(path, query, signal, recallRecords);
}

function recallRecords(rows: unknown[]): { ok: true; records: RecallRecord[]; skipped: number } {
  const records: RecallRecord[] = [];
  let skipped = 0;
  for (const row of rows) {
    const r = recordFromNhtsaRow(row);
    if (r.ok) records.push(r.record);
    else skipped++;
  }
  return { ok: true, records, skipped };
}

async function request<T extends { ok: true }>(
  path: string,
  query: Record<string, string>,
  signal: AbortSignal | undefined,
  read: (rows: unknown[]) => T,
): Promise<T | NhtsaFailure> {
  const { apiBaseUrl, timeoutMs } = config().nhtsa;
  if (!apiBaseUrl) return { ok: false, reason: "offline", detail: "NHTSA_API_BASE_URL is off" };
  const url = `${apiBaseUrl}/${path}?${new URLSearchParams(query)}`;
  let answer = await attempt(url, timeoutMs, signal);
  if (!answer.ok && answer.retry && !signal?.aborted) {
    await sleep(RETRY_BACKOFF_MS, signal);
    if (!signal?.aborted) answer = await attempt(url, timeoutMs, signal);
  }
  if (!answer.ok) {
    log().warn({ url, reason: answer.reason, detail: answer.detail }, "NHTSA recalls request failed");
    return { ok: false, reason: answer.reason, detail: answer.detail, ...(answer.status ? { status: answer.status } : {}) };
  }
  return read(answer.rows);
}

type Attempt = { ok: true; rows: unknown[] } | (NhtsaFailure & { retry: boolean });

async function attempt(url: string, timeoutMs: number, outer?: AbortSignal): Promise<Attempt> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
  let text: string;
  try {
    const res = await fetch(url, { signal, headers: { accept: "application/json" }, redirect: "error" });
    if (!res.ok) {
      await res.body?.cancel();
      return {
        ok: false,
        reason: "http_error",
        status: res.status,
        detail: `HTTP ${res.status}`,
        retry: res.status >= 500 || res.status === 429,
      };
    }
    text = await res.text();
  } catch (error) {
    if (outer?.aborted) return { ok: false, reason: "aborted", detail: "the caller gave up", retry: false };
    if (deadline.aborted) return { ok: false, reason: "timeout", detail: `no answer within ${timeoutMs} ms`, retry: true };
    return { ok: false, reason: "network_error", detail: error instanceof Error ? error.message : String(error), retry: true };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // A body that is not JSON (a maintenance page) is a broken answer; asking again at once rarely helps.
    return { ok: false, reason: "bad_response", detail: `not JSON: ${text.slice(0, 60)}`, retry: false };
  }
  const parsed = nhtsaRecallsResponse.safeParse(body);
  if (!parsed.success) return { ok: false, reason: "bad_response", detail: "not an NHTSA results response", retry: false };
  return { ok: true, rows: parsed.data.rows };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
