/**
 * The service bulletins mirror: NHTSA's MFR_COMMS_RECEIVED_{period}.zip files (lib/bulletins), each downloaded with
 * a conditional GET (its ETag / Last-Modified kept in the job's state) and imported all or nothing. Every period
 * from 1995 to the current one is held, since a model year's bulletins are filed under the periods from the year
 * before it on (lib/bulletins/service.ts): a closed period's file is fetched once and then answers 304; the
 * current period's file, whose name grows with the year (computed, never configured), is the one that changes.
 * On by default and weekly; synced at start when never synced or past half its age.
 */
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { config } from "../config";
import { BULLETINS_JOB, importBulletinsFile, periodFiles } from "../bulletins";
import { skippedText } from "../sources";
import { downloadForJob, importedCopy } from "./download";
import type { Job } from "./job";
import type { JobState } from "../db/job-status";

interface PeriodFileState {
  etag: string | null;
  lastModified: string | null;
  importedAt: string;
  bulletins: number;
  vehicles: number;
}

interface BulletinsSyncState extends JobState {
  files?: Record<string, PeriodFileState>;
}

export const bulletinsSyncJob: Job = {
  name: BULLETINS_JOB,
  description: "Service bulletins: NHTSA's MFR_COMMS_RECEIVED period files, downloaded when changed and imported",
  schedule: () => (config().sync.bulletins.baseUrl ? config().sync.bulletins.schedule : null),
  disabledReason: () => (config().sync.bulletins.baseUrl ? null : "SYNC_BULLETINS_URL is off"),
  offlineImport: "vinscope import bulletins <MFR_COMMS_RECEIVED_{period}.zip>",
  dueAtStart: (last, now) =>
    !last.lastSuccessAt || now.getTime() - last.lastSuccessAt.getTime() > config().sync.bulletins.maxAgeMs / 2,
  async run(ctx) {
    const { sync, dataDir } = config();
    const baseUrl = sync.bulletins.baseUrl!;
    const state = ctx.state as BulletinsSyncState;
    const files: Record<string, PeriodFileState> = { ...(state.files ?? {}) };
    const dir = path.join(dataDir, "sync", BULLETINS_JOB);
    await mkdir(dir, { recursive: true });
    let rowsChanged = 0;
    const notes: string[] = [];
    for (const file of periodFiles()) {
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
        const summary = await importBulletinsFile(target, {
          signal: ctx.signal,
          onProgress: ({ bytesDone, totalBytes }) =>
            ctx.progress({ done: bytesDone, total: totalBytes, stage: `import ${file}` }),
        });
        rowsChanged += summary.vehicles;
        files[file] = {
          ...importedCopy(got),
          bulletins: summary.bulletins,
          vehicles: summary.vehicles,
        };
        const skipped = skippedText(summary.skipped);
        notes.push(
          `${file}: ${summary.bulletins} communications, ${summary.vehicles} vehicle rows${skipped ? ` (skipped: ${skipped})` : ""}`,
        );
        // A run that fails on a later file keeps this one's import and validators (the next run gets a 304).
        await ctx.saveState({ ...state, files });
      } finally {
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
