/**
 * NHTSA's public recalls API (api.nhtsa.gov): `recalls/recallsByVehicle?make=&model=&modelYear=`,
 * `recalls/campaignNumber?campaignNumber=` and `products/vehicle/models?modelYear=&make=&issueType=r`. Every call has a deadline (config().nhtsa.timeoutMs per attempt)
 * and one retry after a short backoff on a network error, timeout or 5xx; a 4xx is not retried. A null base
 * URL (NHTSA_API_BASE_URL=off) means offline: the client is never asked. The fetch itself is lib/outside's
 * fetchJson; this client adds the URL, the shape check of NHTSA's answer and the record mapping.
 */
import { config } from "../config";
import { log } from "../log";
import { fetchJson, type FetchFailure } from "../outside";
import { nhtsaRecallsResponse, recordFromNhtsaRow } from "./nhtsa-rows";
import type { RecallRecord } from "./record";
import type { VehicleQuery } from "../vehicle";
import { SOURCES } from "../sources";

export type NhtsaFailure = FetchFailure;

export type NhtsaAnswer = { ok: true; records: RecallRecord[]; skipped: number } | NhtsaFailure;

const RETRY_BACKOFF_MS = 250;

export function nhtsaOnline(): boolean {
  return SOURCES.recalls.online();
}

export async function fetchRecallsByVehicle(
  q: VehicleQuery,
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
      models: [
        ...new Set(
          rows
            .map((r) =>
              String((r as Record<string, unknown>)?.model ?? (r as Record<string, unknown>)?.Model ?? "").trim(),
            )
            .filter(Boolean),
        ),
      ],
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
  const answer = await fetchJson(url, { timeoutMs, signal, backoffMs: RETRY_BACKOFF_MS });
  if (!answer.ok) return failed(url, answer);
  // JSON that is not NHTSA's results shape is a broken answer, not retried (as a non-JSON body is not).
  const parsed = nhtsaRecallsResponse.safeParse(answer.body);
  if (!parsed.success)
    return failed(url, { ok: false, reason: "bad_response", detail: "not an NHTSA results response" });
  return read(parsed.data.rows);
}

function failed(url: string, failure: NhtsaFailure): NhtsaFailure {
  log().warn({ url, reason: failure.reason, detail: failure.detail }, "NHTSA recalls request failed");
  return failure;
}
