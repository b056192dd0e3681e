/**
 * The single-file syncs: NHTSA's FLAT_CMPL complaints file, EPA's vehicles.csv and NHTSA's FLAT_INV defect
 * investigations file, each downloaded with a conditional GET (ETag / Last-Modified kept in the job's state) and
 * imported with the same streamed, idempotent importer as the CLI (npm run import:complaints /
 * import:fuel-economy / import:investigations). NCAP ratings have no bulk file to sync: their answers are stored as the SafetyRatings
 * API gives them (lib/ratings).
 *
 * Both are mirrors, on by default and weekly: while the last sync is younger than SYNC_*_MAX_AGE_DAYS the VIN
 * report answers from them with no live call (lib/sources/mirror-status.ts). A mirror never synced, or past
 * half its age, is synced right at start. FLAT_CMPL.zip is several hundred MB: it is streamed from disk row by
 * row (never held whole) and summarised per vehicle after the import (lib/complaints/summaries.ts). FLAT_INV is
 * NHTSA's whole list of investigations, rebuilt daily: synced daily, each changed file replacing the mirror all or
 * nothing (lib/investigations/import.ts); past its max age the investigations are answered `stale`.
 */
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { enqueueOpenedEvents, INVESTIGATION } from "../alerts/opened-events";
import { config } from "../config";
import { importComplaintsFile } from "../complaints";
import { importVehiclesCsv } from "../fuel-economy";
import { importInvestigationsFile, INVESTIGATIONS_JOB } from "../investigations";
import { skippedText, type BulkImportOptions, type BulkImportSummary } from "../sources";
import { downloadForJob, importedCopy } from "./download";
import type { Job } from "./job";
import type { JobState } from "../db/job-status";

interface FileSyncState extends JobState {
  etag?: string | null;
  lastModified?: string | null;
  importedAt?: string;
  rows?: number;
}

function fileSyncJob(opts: {
  name: string;
  description: string;
  setting: "complaints" | "fuelEconomy" | "investigations";
  urlVariable: string;
  offlineImport: string;
  importer: (file: string, o: BulkImportOptions) => Promise<BulkImportSummary>;
}): Job {
  const settings = () => config().sync[opts.setting];
  return {
    name: opts.name,
    description: opts.description,
    schedule: () => (settings().url ? settings().schedule : null),
    disabledReason: () => (settings().url ? null : `${opts.urlVariable} is off`),
    offlineImport: opts.offlineImport,
    dueAtStart: (last, now) =>
      !last.lastSuccessAt || now.getTime() - last.lastSuccessAt.getTime() > settings().maxAgeMs / 2,
    async run(ctx) {
      const { dataDir } = config();
      const url = settings().url!;
      const state = ctx.state as FileSyncState;
      const file = path.basename(new URL(url).pathname) || `${opts.name}.zip`;
      const dir = path.join(dataDir, "sync", opts.name);
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, file.replace(/[^A-Za-z0-9._-]/g, "_"));
      const got = await downloadForJob(
        ctx,
        url,
        target,
        state.importedAt ? { etag: state.etag ?? null, lastModified: state.lastModified ?? null } : undefined,
        file,
      );
      if (!got.changed) return { outcome: "unchanged", rowsChanged: 0, state, summary: `${file} unchanged` };
      try {
        const summary = await opts.importer(target, {
          signal: ctx.signal,
          onProgress: ({ bytesDone, totalBytes }) =>
            ctx.progress({ done: bytesDone, total: totalBytes, stage: `import ${file}` }),
        });
        const next: FileSyncState = {
          ...importedCopy(got),
          rows: summary.rowsImported,
        };
        const skipped = skippedText(summary.skipped);
        return {
          outcome: "ok",
          rowsChanged: summary.rowsImported,
          state: next,
          summary: `${file}: ${summary.rowsImported} rows imported${skipped ? ` (skipped: ${skipped})` : ""}`,
        };
      } finally {
        await rm(target, { force: true });
      }
    },
  };
}

export const complaintsSyncJob = fileSyncJob({
  name: "complaints",
  description: "Owner complaints: NHTSA's FLAT_CMPL file, downloaded when changed and imported",
  setting: "complaints",
  urlVariable: "SYNC_COMPLAINTS_URL",
  offlineImport: "vinscope import complaints <FLAT_CMPL.zip>",
  importer: importComplaintsFile,
});

export const fuelEconomySyncJob = fileSyncJob({
  name: "fuel-economy",
  description: "Fuel economy: EPA's vehicles.csv, downloaded when changed and imported",
  setting: "fuelEconomy",
  urlVariable: "SYNC_FUEL_ECONOMY_URL",
  offlineImport: "vinscope import fuel-economy <vehicles.csv.zip>",
  importer: importVehiclesCsv,
});

export const investigationsSyncJob = fileSyncJob({
  name: INVESTIGATIONS_JOB,
  description: "Defect investigations: NHTSA's FLAT_INV file, downloaded when changed and imported all or nothing",
  setting: "investigations",
  urlVariable: "SYNC_INVESTIGATIONS_URL",
  offlineImport: "vinscope import investigations <FLAT_INV.zip>",
  // Alerts: the investigations this file opened for watched vehicles, written in the import's transaction.
  importer: (file, o) =>
    importInvestigationsFile(file, {
      ...o,
      onOpened: (tx, opened, now) => enqueueOpenedEvents(tx, INVESTIGATION, opened, now),
    }),
});
