/**
 * NHTSA's vPIC API (VPIC_API_BASE_URL, vpic.nhtsa.dot.gov/api by default): `vehicles/DecodeVinValues/<VIN>`,
 * NHTSA's own flat decode of one VIN, which fills the elements the local vPIC tables lack
 * (lib/vin/enrichment.ts). A deadline per call (lib/outside's fetchJson) and no retry: the caller asks in the
 * background and remembers failures. A null base URL (VPIC_API_BASE_URL=off) means offline.
 */
import { config } from "../config";
import { fetchJson, type FetchFailure } from "../outside";

/** The one result row of DecodeVinValues (variable code → value), as NHTSA sent it. */
export async function fetchVinValues(
  vin: string,
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<{ ok: true; row: Record<string, unknown> } | FetchFailure> {
  const { apiBaseUrl } = config().vpic;
  if (!apiBaseUrl) return { ok: false, reason: "offline", detail: "VPIC_API_BASE_URL is off" };
  const url = `${apiBaseUrl}/vehicles/DecodeVinValues/${encodeURIComponent(vin)}?format=json`;
  const answer = await fetchJson(url, { timeoutMs: opts.timeoutMs, signal: opts.signal, retries: 0 });
  if (!answer.ok) return answer;
  const row = (answer.body as { Results?: unknown[] } | null)?.Results?.[0];
  if (!row || typeof row !== "object") return { ok: false, reason: "bad_response", detail: "no Results in the answer" };
  return { ok: true, row: row as Record<string, unknown> };
}
