/**
 * fueleconomy.gov's web services (FUEL_ECONOMY_API_BASE_URL, https://www.fueleconomy.gov/ws/rest by default),
 * asked for JSON: the makes of a year (`vehicle/menu/make`), the models of a year and make
 * (`vehicle/menu/model`), the variants of a model (`vehicle/menu/options`), and a variant's record
 * (`vehicle/{id}`). Deadline and one retry per call; at most DETAIL_CONCURRENCY record calls at once.
 */
import { config } from "../config";
import { fetchJson, type FetchFailure } from "../outside";
import { makeKey } from "../vehicle";
import { epaRecordFrom, type EpaRecord } from "./epa-record";
import { epaModelMatches } from "./epa-match";
import type { VehicleQuery } from "../vehicle";
import { SOURCES } from "../sources";

const MAX_MODELS = 6;
const MAX_VARIANTS = 30;
const DETAIL_CONCURRENCY = 6;

export function fuelEconomyOnline(): boolean {
  return SOURCES.fuelEconomy.online();
}

type Menu = Array<{ text: string; value: string }>;

/** `{ menuItem: [...] }`, `{ menuItem: {...} }` for a single item (the XML-to-JSON shape), or nothing. */
export function readMenu(body: unknown): Menu | null {
  if (body === null || body === "") return [];
  if (typeof body !== "object") return null;
  const item = (body as { menuItem?: unknown }).menuItem;
  if (item === undefined) return Object.keys(body as object).length === 0 ? [] : null;
  const list = Array.isArray(item) ? item : [item];
  return list
    .map((i) => ({
      text: String((i as Record<string, unknown>)?.text ?? "").trim(),
      value: String((i as Record<string, unknown>)?.value ?? "").trim(),
    }))
    .filter((i) => i.text && i.value);
}

/** Every EPA variant of the VIN's year/make/model (all model names EPA files it under). */
export async function fetchEpaVariants(
  q: VehicleQuery,
  signal?: AbortSignal,
): Promise<{ ok: true; value: EpaRecord[] } | FetchFailure> {
  const makes = await menu("vehicle/menu/make", { year: String(q.year) }, signal);
  if (!makes.ok) return makes;
  const make = makes.value.find((m) => makeKey(m.value) === makeKey(q.make));
  if (!make) return { ok: true, value: [] };
  const models = await menu("vehicle/menu/model", { year: String(q.year), make: make.value }, signal);
  if (!models.ok) return models;
  const names = models.value
    .map((m) => m.value)
    .filter((m) => epaModelMatches(m, q.model, q.make))
    .slice(0, MAX_MODELS);
  const ids: string[] = [];
  for (const model of names) {
    const options = await menu("vehicle/menu/options", { year: String(q.year), make: make.value, model }, signal);
    if (!options.ok) return options;
    ids.push(...options.value.map((o) => o.value));
  }
  const unique = [...new Set(ids)].slice(0, MAX_VARIANTS);
  const records: EpaRecord[] = [];
  for (let i = 0; i < unique.length; i += DETAIL_CONCURRENCY) {
    const batch = await Promise.all(
      unique.slice(i, i + DETAIL_CONCURRENCY).map((id) => get(`vehicle/${encodeURIComponent(id)}`, {}, signal)),
    );
    for (const answer of batch) {
      if (!answer.ok) return answer;
      const record =
        answer.body && typeof answer.body === "object" ? epaRecordFrom(answer.body as Record<string, unknown>) : null;
      if (!record) return { ok: false, reason: "bad_response", detail: "not a fueleconomy.gov vehicle record" };
      records.push(record);
    }
  }
  return { ok: true, value: records };
}

async function menu(
  path: string,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<{ ok: true; value: Menu } | FetchFailure> {
  const answer = await get(path, query, signal);
  if (!answer.ok) return answer;
  const items = readMenu(answer.body);
  return items
    ? { ok: true, value: items }
    : { ok: false, reason: "bad_response", detail: `not a fueleconomy.gov menu (${path})` };
}

function get(path: string, query: Record<string, string>, signal?: AbortSignal) {
  const { apiBaseUrl, timeoutMs } = config().buyerData.fuelEconomy;
  if (!apiBaseUrl)
    return Promise.resolve<FetchFailure>({ ok: false, reason: "offline", detail: "FUEL_ECONOMY_API_BASE_URL is off" });
  const qs = new URLSearchParams(query).toString();
  return fetchJson(`${apiBaseUrl}/${path}${qs ? `?${qs}` : ""}`, { timeoutMs, signal });
}
