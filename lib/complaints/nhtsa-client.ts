/**
 * NHTSA's complaints API (COMPLAINTS_API_BASE_URL, api.nhtsa.gov by default): the model names NHTSA files
 * complaints under for a year and make (`products/vehicle/models?issueType=c`), and the complaints of one
 * year/make/model (`complaints/complaintsByVehicle`). Deadline and one retry per call.
 */
import { config } from "../config";
import { fetchJson, type FetchFailure } from "../outside";
import type { ComplaintItem } from "../sources";
import { complaintFromApiRow, resultRows } from "./complaint-rows";
import type { VehicleQuery } from "../vehicle";
import { SOURCES } from "../sources";

export function complaintsOnline(): boolean {
  return SOURCES.complaints.online();
}

export async function fetchComplaintModels(
  q: { year: number; make: string },
  signal?: AbortSignal,
): Promise<{ ok: true; value: string[] } | FetchFailure> {
  const answer = await get(
    "products/vehicle/models",
    { modelYear: String(q.year), make: q.make, issueType: "c" },
    signal,
  );
  if (!answer.ok) return answer.reason === "http_error" && answer.status === 400 ? { ok: true, value: [] } : answer;
  const rows = resultRows(answer.body);
  if (!rows) return { ok: false, reason: "bad_response", detail: "not an NHTSA models answer" };
  const names = rows
    .map((r) => String((r as Record<string, unknown>)?.model ?? (r as Record<string, unknown>)?.Model ?? "").trim())
    .filter(Boolean);
  return { ok: true, value: [...new Set(names)] };
}

export async function fetchComplaints(
  q: VehicleQuery,
  signal?: AbortSignal,
): Promise<{ ok: true; value: ComplaintItem[]; known: boolean } | FetchFailure> {
  const answer = await get(
    "complaints/complaintsByVehicle",
    { make: q.make, model: q.model, modelYear: String(q.year) },
    signal,
  );
  // 400: NHTSA does not know this model name; with its model list in hand that means no complaints under it.
  if (!answer.ok)
    return answer.reason === "http_error" && answer.status === 400 ? { ok: true, value: [], known: false } : answer;
  const rows = resultRows(answer.body);
  if (!rows) return { ok: false, reason: "bad_response", detail: "not an NHTSA complaints answer" };
  const items = rows.map(complaintFromApiRow).filter((c): c is ComplaintItem => c !== null);
  return { ok: true, value: items, known: true };
}

function get(path: string, query: Record<string, string>, signal?: AbortSignal) {
  const { apiBaseUrl, timeoutMs } = config().buyerData.complaints;
  if (!apiBaseUrl)
    return Promise.resolve<FetchFailure>({ ok: false, reason: "offline", detail: "COMPLAINTS_API_BASE_URL is off" });
  return fetchJson(`${apiBaseUrl}/${path}?${new URLSearchParams(query)}`, { timeoutMs, signal });
}
