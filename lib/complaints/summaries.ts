/**
 * The complaints of each year/make/model spelling of FLAT_CMPL, summarised into ComplaintSummary after an import:
 * count, crashes/fires/injuries/deaths, count per component and the newest few with their ODI numbers. The VIN
 * report holds these in memory (summary-index.ts) instead of reading complaint rows per request.
 *
 * Built one year and make at a time (the complaint texts are read only for the newest few), so memory stays at
 * one year and make's rows however big the file. Published in one short transaction that also bumps the
 * complaints data set's stamp: readers see the old summaries or the new, never half.
 */
import { db } from "../db";
import { changeDataSet } from "../db/data-version";
import { splitComponents, summarizeComplaints, type ComplaintsSummary } from "./complaint-rows";

const summaryKey = (year: number, makeKey: string, modelKey: string) => `${year}|${makeKey}|${modelKey}`;

/** Summary rows written per statement while publishing. */
const CHUNK = 500;
/**
 * What a stored summary keeps of its newest complaints: the summaries of a whole file are held until they are
 * published in one transaction, so their size is bounded per vehicle (the full texts stay in Complaint).
 */
const NEWEST_STORED = 3;
const TEXT_STORED = 400;

export async function rebuildComplaintSummaries(signal?: AbortSignal): Promise<{ vehicles: number }> {
  const client = db();
  const groups = await client.complaint.groupBy({
    by: ["year", "makeKey"],
    orderBy: [{ year: "asc" }, { makeKey: "asc" }],
  });
  const built: Array<{
    key: string;
    year: number;
    makeKey: string;
    modelKey: string;
    model: string;
    summary: string;
    importedAt: Date;
  }> = [];
  for (const g of groups) {
    signal?.throwIfAborted();
    const rows = await client.complaint.findMany({
      where: { year: g.year, makeKey: g.makeKey },
      select: {
        cmplId: true,
        odiNumber: true,
        modelKey: true,
        model: true,
        components: true,
        filedOn: true,
        incidentOn: true,
        crash: true,
        fire: true,
        injuries: true,
        deaths: true,
        importedAt: true,
      },
    });
    const byModel = new Map<string, typeof rows>();
    for (const r of rows) {
      const list = byModel.get(r.modelKey);
      if (list) list.push(r);
      else byModel.set(r.modelKey, [r]);
    }
    for (const [modelKey, list] of byModel) {
      const summary = summarizeComplaints(
        list.map((r) => ({
          odiNumber: r.odiNumber,
          filedOn: r.filedOn,
          incidentOn: r.incidentOn,
          components: splitComponents(r.components),
          summary: "",
          crash: r.crash,
          fire: r.fire,
          injuries: r.injuries,
          deaths: r.deaths,
        })),
      );
      summary.newest = summary.newest.slice(0, NEWEST_STORED);
      await withTexts(summary, list);
      for (const c of summary.newest)
        if (c.summary.length > TEXT_STORED) c.summary = `${c.summary.slice(0, TEXT_STORED - 3).trimEnd()}...`;
      const importedAt = list.reduce((t, r) => (r.importedAt > t ? r.importedAt : t), list[0].importedAt);
      built.push({
        key: summaryKey(g.year, g.makeKey, modelKey),
        year: g.year,
        makeKey: g.makeKey,
        modelKey,
        model: list[0].model,
        summary: JSON.stringify(summary),
        importedAt,
      });
    }
  }
  await changeDataSet(
    client,
    "complaints",
    async (tx) => {
      await tx.complaintSummary.deleteMany({});
      for (let i = 0; i < built.length; i += CHUNK)
        await tx.complaintSummary.createMany({ data: built.slice(i, i + CHUNK) });
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  return { vehicles: built.length };
}

/** The newest few carry their complaint texts: read for them alone. */
async function withTexts(
  summary: ComplaintsSummary,
  rows: Array<{ cmplId: number; odiNumber: number }>,
): Promise<void> {
  const wanted = new Set(summary.newest.map((c) => c.odiNumber));
  const ids = rows.filter((r) => wanted.has(r.odiNumber)).map((r) => r.cmplId);
  if (ids.length === 0) return;
  const texts = await db().complaint.findMany({
    where: { cmplId: { in: ids } },
    select: { odiNumber: true, summary: true },
  });
  for (const c of summary.newest)
    c.summary = texts.find((t) => t.odiNumber === c.odiNumber && t.summary)?.summary ?? "";
}
