/**
 * The recall mirror: NHTSA's FLAT_RCL files (all recall campaigns, rebuilt daily by NHTSA), downloaded with a
 * conditional GET and imported file by file: staged in short transactions, published in one
 * (lib/recalls/mirror-import.ts). Once every file has
 * been imported and the last sync is younger than SYNC_RECALLS_MAX_AGE_HOURS, recall answers come from the
 * mirror with no live call (lib/recalls/mirror.ts).
 *
 * State kept between runs (JobStatus.state): per file its ETag / Last-Modified, when it was imported, its row
 * and campaign counts and newest model year. A run that fails on the second file keeps the first file's import
 * and validators (saved as it goes), so the next run resumes with a 304 for it.
 */
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { config } from "../config";
import { enqueueRecallEvents } from "../alerts/opened-events";
import { importMirrorFile } from "../recalls";
import { downloadForJob, importedCopy } from "./download";
import type { Job } from "./job";
import type { MirrorFileState, RecallMirrorState } from "../recalls";

const RECALL_MIRROR_JOB = "recalls";

/** NHTSA publishes zips; an unpacked .txt (a mirror of the mirror, a benchmark) is read the same way. */
const SAFE_FILE = /^[A-Za-z0-9._-]+\.(zip|txt)$/;

export const recallMirrorJob: Job = {
  name: RECALL_MIRROR_JOB,
  description: "Recall mirror: NHTSA's FLAT_RCL files, downloaded when changed and imported",
  schedule: () => (config().sync.recalls.baseUrl ? config().sync.recalls.schedule : null),
  disabledReason: () => (config().sync.recalls.baseUrl ? null : "SYNC_RECALLS_URL is off"),
  offlineImport: "vinscope import recalls <FLAT_RCL_POST_2010.zip>",
  dueAtStart: (last, now) =>
    !last.lastSuccessAt || now.getTime() - last.lastSuccessAt.getTime() > config().sync.recalls.maxAgeMs / 2,
  async run(ctx) {
    const { sync, dataDir } = config();
    const baseUrl = sync.recalls.baseUrl!;
    const state = ctx.state as RecallMirrorState;
    const files: Record<string, MirrorFileState> = { ...(state.files ?? {}) };
    const dir = path.join(dataDir, "sync", "recalls");
    await mkdir(dir, { recursive: true });
    let rowsChanged = 0;
    const notes: string[] = [];
    for (const file of sync.recalls.files) {
      if (!SAFE_FILE.test(file)) throw new Error(`SYNC_RECALLS_FILES: "${file}" is not a plain .zip or .txt file name`);
      ctx.signal.throwIfAborted();
      const target = path.join(dir, file);
      const known = files[file];
      const got = await downloadForJob(
        ctx,
        `${baseUrl}/${file}`,
        target,
        known ? { etag: known.etag, lastModified: known.lastModified } : undefined,
        file,
      );
      if (!got.changed) {
        notes.push(`${file} unchanged`);
        continue;
      }
      try {
        let events = 0;
        const summary = await importMirrorFile(target, file, {
          signal: ctx.signal,
          // Recall alerts: the events of what this file opened, written in the import's transaction.
          onOpened: async (tx, opened, now) => (events = await enqueueRecallEvents(tx, opened, now)),
          onProgress: (done, total) => ctx.progress({ done, total, stage: `import ${file}` }),
        });
        rowsChanged += summary.rows;
        files[file] = {
          ...importedCopy(got),
          rows: summary.rows,
          campaigns: summary.campaigns,
          maxModelYear: summary.maxModelYear,
        };
        notes.push(
          `${file}: ${summary.rows} rows, ${summary.campaigns} campaigns` +
            (summary.changes.newCampaigns.length ? `, ${summary.changes.newCampaigns.length} new` : "") +
            (summary.removed ? `, ${summary.removed} no longer listed (marked)` : "") +
            (events ? `, ${events} recall alert${events === 1 ? "" : "s"} queued` : "") +
            (summary.skipped ? `, ${summary.skipped} lines skipped` : "") +
            `, published in ${summary.publishMs} ms`,
        );
        await ctx.saveState({ ...state, files });
      } finally {
        // The imported data is in the database; the download is not kept (hundreds of MB unpacked).
        await rm(target, { force: true });
      }
    }
    const unchanged = rowsChanged === 0 && notes.every((n) => n.endsWith("unchanged"));
    return {
      outcome: unchanged ? "unchanged" : "ok",
      rowsChanged,
      state: { ...state, files },
      summary: notes.join("; "),
    };
  },
};
