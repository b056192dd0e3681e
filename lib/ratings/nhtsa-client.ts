/**
 * NHTSA's SafetyRatings API (RATINGS_API_BASE_URL, api.nhtsa.gov by default): the variants tested for a
 * year/make/model, then the ratings of each. Deadline and one retry per call (lib/outside/json-fetch.ts).
 */
import { config } from "../config";
import { fetchJson, type FetchFailure } from "../outside";
import type { NcapRatings } from "../sources";
import { readNcapRatings, readNcapVariants, type NcapVariantRow } from "./nhtsa-rows";
import type { VehicleQuery } from "../vehicle";
import { SOURCES } from "../sources";

export function ratingsOnline(): boolean {
  return SOURCES.ratings.online();
}

export async function fetchNcapVariants(
  q: VehicleQuery,
  signal?: AbortSignal,
): Promise<{ ok: true; value: NcapVariantRow[] } | FetchFailure> {
  const path = `SafetyRatings/modelyear/${q.year}/make/${encodeURIComponent(q.make)}/model/${encodeURIComponent(q.model)}`;
  const answer = await get(path, signal);
  if (!answer.ok) {
    // NHTSA answers 400 for a model it has never heard of: no tested variants, not an outage.
    if (answer.reason === "http_error" && (answer.status === 400 || answer.status === 404))
      return { ok: true, value: [] };
    return answer;
  }
  const rows = readNcapVariants(answer.body);
  return rows ? { ok: true, value: rows } : { ok: false, reason: "bad_response", detail: "not a SafetyRatings answer" };
}

export async function fetchNcapRatings(
  vehicleId: number,
  signal?: AbortSignal,
): Promise<{ ok: true; value: NcapRatings } | FetchFailure> {
  const answer = await get(`SafetyRatings/VehicleId/${vehicleId}`, signal);
  if (!answer.ok) return answer;
  const ratings = readNcapRatings(answer.body);
  return ratings
    ? { ok: true, value: ratings }
    : { ok: false, reason: "bad_response", detail: `no ratings for VehicleId ${vehicleId}` };
}

function get(path: string, signal?: AbortSignal) {
  const { apiBaseUrl, timeoutMs } = config().buyerData.ratings;
  if (!apiBaseUrl)
    return Promise.resolve<FetchFailure>({ ok: false, reason: "offline", detail: "RATINGS_API_BASE_URL is off" });
  return fetchJson(`${apiBaseUrl}/${path}?format=json`, { timeoutMs, signal });
}
