/**
 * The Canadian recalls sync: Transport Canada's recall files, downloaded with a conditional GET (ETag /
 * Last-Modified kept per file in the job's state) and imported with the CLI's importer (npm run
 * import:canada-recalls), which publishes a file all at once or not at all (lib/canada-recalls/import.ts).
 *
 * A run takes the full file (vrdb_full_monthly.csv, about 200 MB, streamed from disk) when the last full sync is
 * older than SYNC_CANADA_RECALLS_FULL_EVERY_DAYS, or none was made; otherwise the 60-day file
 * (vrdb_60days_daily.csv, about 1.5 MB), which adds and updates recalls and deletes none. Daily by default, so
 * new recalls show within a day and recalls Transport Canada withdraws go within a week.
 */
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { CANADA_RECALL, enqueueOpenedEvents } from "../alerts/opened-events";
import { config } from "../config";
import { CANADA_RECALLS_JOB, importCanadaRecallsFile, type CanadaImportKind } from "../canada-recalls";
import type { JobState } from "../db/job-status";
import { skippedText } from "../sources";
import { downloadForJob, importedCopy } from "./download";
import type { Job } from "./job";

interface FileState {
  etag?: string | null;
  lastModified?: string | null;
  importedAt?: string;
  rows?: number;
}

type CanadaRecallsState = JobState & { full?: FileState; update?: FileState };

const settings = () => config().sync.canadaRecalls;

/** Which file a run takes: the full one when it is due (or there is no update file), else the update. */
function kindDue(state: CanadaRecallsState, now: Date): CanadaImportKind {
  const full = state.full?.importedAt ? Date.parse(state.full.importedAt) : null;
  if (full === null || !settings().updateUrl || now.getTime() - full > settings().fullEveryMs) return "full";
  return "update";
}

export const canadaRecallsSyncJob: Job = {
  name: CANADA_RECALLS_JOB,
  description: "Canadian recalls: Transport Canada's recalls files (full weekly, the last 60 days between), imported",
  schedule: () => (settings().url ? settings().schedule : null),
  disabledReason: () => (settings().url ? null : "SYNC_CANADA_RECALLS_URL is off"),
  offlineImport: "vinscope import canada-recalls <vrdb_full_monthly.csv>",
  dueAtStart: (last, now) =>
    !last.lastSuccessAt || now.getTime() - last.lastSuccessAt.getTime() > settings().maxAgeMs / 2,
  async run(ctx) {
    const { dataDir } = config();
    const state = ctx.state as CanadaRecallsState;
    const kind = kindDue(state, new Date());
    const url = kind === "full" ? settings().url! : settings().updateUrl!;
    const known = state[kind];
    const file = path.basename(new URL(url).pathname).replace(/[^A-Za-z0-9._-]/g, "_") || `${kind}.csv`;
    const dir = path.join(dataDir, "sync", CANADA_RECALLS_JOB);
    await mkdir(dir, { recursive: true });
    const target = path.join(dir, file);
    const got = await downloadForJob(
      ctx,
      url,
      target,
      known?.importedAt ? { etag: known.etag ?? null, lastModified: known.lastModified ?? null } : undefined,
      file,
    );
    if (!got.changed) return { outcome: "unchanged", rowsChanged: 0, state, summary: `${file} unchanged` };
    try {
      let events = 0;
      const summary = await importCanadaRecallsFile(target, {
        kind,
        signal: ctx.signal,
        // Recall alerts (country CA): the events of what this file opened, written in the import's transaction.
        onOpened: async (tx, opened, now) => (events = await enqueueOpenedEvents(tx, CANADA_RECALL, opened, now)),
        onProgress: ({ bytesDone, totalBytes }) =>
          ctx.progress({ done: bytesDone, total: totalBytes, stage: `import ${file}` }),
      });
      const next: CanadaRecallsState = {
        ...state,
        [kind]: {
          ...importedCopy(got),
          rows: summary.rowsImported,
        },
      };
      const skipped = skippedText(summary.skipped);
      return {
        outcome: "ok",
        rowsChanged: summary.added + summary.changed + summary.removed,
        state: next,
        summary:
          `${file} (${kind}): ${summary.rowsImported} rows; ${summary.added} added, ${summary.changed} changed, ` +
          `${summary.removed} removed` +
          (events ? `, ${events} recall alert${events === 1 ? "" : "s"} queued` : "") +
          (skipped ? ` (skipped: ${skipped})` : ""),
      };
    } finally {
      await rm(target, { force: true });
    }
  },
};
