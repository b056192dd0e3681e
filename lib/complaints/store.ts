/**
 * Complaints imported from NHTSA's FLAT_CMPL file, as the VIN report reads them: the per-vehicle summaries
 * (summaries.ts, table ComplaintSummary) held in memory per process and read again when the complaints data set's
 * stamp changes (each import publishes new summaries and bumps it). The stamp is read at most once a second in
 * the background, so no request waits on it after the first; another instance's import shows within about a
 * second plus the reload.
 *
 * Size: FLAT_CMPL (~2 million complaints since 1949) has some 60,000 year/make/model spellings. Each is held as
 * compact JSON text (a one-byte string) and parsed per lookup; its newest complaints carry an excerpt of their
 * text (EXCERPT_CHARS, ending in "..."; the whole text stays in the Complaint table and at NHTSA under the ODI
 * number). ASCII on purpose: one non-Latin-1 character would make V8 hold the whole string at two bytes a character. Full size measured with `npm run bench:index-memory` (docs/scaling.md, "Memory").
 */
import { betweenPages, DerivedFromDataSet, processWide } from "../db/data-version";
import { db } from "../db";
import { makeKey, nameKey, sameModel } from "../vehicle";
import { summarizeComplaints, type ComplaintsSummary } from "./complaint-rows";
import type { VehicleQuery } from "../vehicle";

/** Characters of a complaint's text kept in memory (NHTSA's texts run to 2,000), and how many newest are held. */
const EXCERPT_CHARS = 120;
const NEWEST_HELD = 3;
const PAGE = 500;

interface Held {
  modelKey: string;
  model: string;
  /** The summary's JSON, its newest complaints cut to NEWEST_HELD with excerpts. */
  summary: string;
}

interface SummaryIndex {
  byYearMake: Map<string, Held[]>;
  asOf: Date | null;
  maxYear: number | null;
}

const yearMake = (year: number, mk: string) => `${year}|${mk}`;

const index = processWide(
  "complaints:summaries",
  () =>
    new DerivedFromDataSet(
      "complaints",
      async (client): Promise<SummaryIndex> => {
        const byYearMake = new Map<string, Held[]>();
        let asOf: Date | null = null;
        let maxYear: number | null = null;
        for (let cursor: string | undefined; ;) {
          const page = await client.complaintSummary.findMany({
            take: PAGE,
            orderBy: { key: "asc" },
            ...(cursor !== undefined ? { skip: 1, cursor: { key: cursor } } : {}),
          });
          if (page.length === 0) break;
          for (const r of page) {
            const summary = JSON.parse(r.summary) as ComplaintsSummary;
            summary.newest = summary.newest.slice(0, NEWEST_HELD);
            for (const c of summary.newest)
              if (c.summary.length > EXCERPT_CHARS) c.summary = `${c.summary.slice(0, EXCERPT_CHARS - 3).trimEnd()}...`;
            const key = yearMake(r.year, r.makeKey);
            const list = byYearMake.get(key);
            const held = { modelKey: r.modelKey, model: r.model, summary: JSON.stringify(summary) };
            if (list) list.push(held);
            else byYearMake.set(key, [held]);
            if (!asOf || r.importedAt > asOf) asOf = r.importedAt;
            if (maxYear === null || r.year > maxYear) maxYear = r.year;
          }
          cursor = page[page.length - 1].key;
          await betweenPages();
        }
        return { byYearMake, asOf, maxYear };
      },
      1000,
      60 * 60_000,
      true,
    ),
);

/** The imported complaints of a year/make/model (every spelling naming it), from memory; null when none. */
export async function importedComplaints(q: VehicleQuery): Promise<{ summary: ComplaintsSummary; asOf: Date } | null> {
  const held = await index.get(db());
  const wanted = nameKey(q.model);
  const matching = (held.byYearMake.get(yearMake(q.year, makeKey(q.make))) ?? []).filter(
    (h) => h.modelKey === wanted || sameModel(h.model, q.model, q.make),
  );
  if (matching.length === 0 || !held.asOf) return null;
  const summaries = matching.map((m) => JSON.parse(m.summary) as ComplaintsSummary);
  return { summary: summaries.length === 1 ? summaries[0] : mergeSummaries(summaries), asOf: held.asOf };
}

/** Whether the summaries are held in this process; when not, they start loading (DerivedFromDataSet.ready). */
export function importedComplaintsReady(): boolean {
  return index.ready(db());
}

/** What the import holds: newest model year and when it was imported (a mirror's coverage). */
export async function importedComplaintsCoverage(): Promise<{ maxYear: number | null; asOf: Date | null }> {
  const { maxYear, asOf } = await index.get(db());
  return { maxYear, asOf };
}

/**
 * Several spellings of one vehicle ("F-150", "F150"): figures add up. A complaint filed under two spellings is
 * counted twice (the summaries no longer carry every ODI number); NHTSA files almost all under one.
 */
function mergeSummaries(all: ComplaintsSummary[]): ComplaintsSummary {
  const newest = summarizeComplaints(all.flatMap((s) => s.newest)).newest;
  const perComponent = new Map<string, number>();
  for (const s of all)
    for (const c of s.byComponent) perComponent.set(c.component, (perComponent.get(c.component) ?? 0) + c.count);
  const add = (pick: (s: ComplaintsSummary) => number | null) => all.reduce((n, s) => n + (pick(s) ?? 0), 0);
  return {
    count: add((s) => s.count),
    crashes: add((s) => s.crashes),
    fires: add((s) => s.fires),
    injuries: add((s) => s.injuries),
    deaths: add((s) => s.deaths),
    byComponent: [...perComponent.entries()]
      .map(([component, count]) => ({ component, count }))
      .sort((a, b) => b.count - a.count || a.component.localeCompare(b.component)),
    newest,
  };
}
