/**
 * npm run sync -- status | recalls | vpic | all | vpic-rollback
 *   status         every job: schedule, last start / success / outcome, rows changed, next run, last error;
 *                  and whether recall answers come from the mirror (fresh, stale, none)
 *   <job> | all    runs the job(s) now, with a progress bar, under the same lease as the scheduled runs (a run
 *                  already going here or on another instance is reported, not doubled); exit code 1 on failure
 *   vpic-rollback  points the server processes back at the vPIC file served before the last refresh
 * Uses DATABASE_URL and the SYNC_* variables like `npm start` (see README, "Scheduled syncs").
 */
import cliProgress from "cli-progress";
import { ConfigError, config } from "../lib/config";
import { disconnectDb } from "../lib/db";
import type { Job, JobProgress } from "../lib/jobs/job";
import { JOBS, findJob } from "../lib/jobs/registry";
import { jobsReport, recallMirrorReport } from "../lib/jobs/report";
import { runJob } from "../lib/jobs/run-job";
import { rollbackVpic } from "../lib/jobs/vpic-refresh";

const USAGE = `usage: npm run sync -- status | ${JOBS.map((j) => j.name).join(" | ")} | all | vpic-rollback`;

async function status(): Promise<void> {
  const jobs = await jobsReport();
  const mirror = await recallMirrorReport();
  for (const j of jobs) {
    console.log(`${j.name}: ${j.description}`);
    const rows: [string, string | number | null][] = [
      ["schedule", j.schedule ? `${j.schedule} (UTC)` : `off: ${j.disabledReason}`],
      ["running", j.running ? "yes" : "no"],
      ["last start", j.lastStartedAt],
      ["last success", j.lastSuccessAt],
      ["last outcome", j.lastOutcome],
      ["rows changed", j.rowsChanged],
      ["next run", j.nextRunAt],
      ["last error", j.lastError],
    ];
    for (const [k, v] of rows) console.log(`  ${k.padEnd(13)} ${v ?? "-"}`);
  }
  console.log(
    `recall mirror: ${mirror.state}` +
      (mirror.asOf ? ` (as of ${mirror.asOf}, model years up to ${mirror.maxModelYear}; fresh for ${config().sync.recalls.maxAgeMs / 3_600_000} h)` : ""),
  );
}

async function run(job: Job): Promise<boolean> {
  const bar = new cliProgress.SingleBar(
    { format: `${job.name} {stage} {bar} {percentage}% | {mbDone}/{mbTotal} MB`, hideCursor: true, noTTYOutput: true, notTTYSchedule: 5000 },
    cliProgress.Presets.shades_classic,
  );
  let stage = "";
  const onProgress = (p: JobProgress) => {
    const mb = (n: number) => (n / 1e6).toFixed(1);
    const total = p.total ?? Math.max(p.done, 1);
    if (p.stage !== stage) {
      if (stage) bar.stop();
      stage = p.stage;
      bar.start(total, 0, { stage, mbDone: mb(p.done), mbTotal: p.total === null ? "?" : mb(total) });
    }
    bar.setTotal(total);
    bar.update(Math.min(p.done, total), { stage, mbDone: mb(p.done), mbTotal: p.total === null ? "?" : mb(total) });
  };
  const outcome = await runJob(job, { onProgress });
  if (stage) bar.stop();
  if (!outcome.ran) {
    console.error(`${job.name}: not run: ${outcome.reason}`);
    return !job.disabledReason() ? false : true;
  }
  if (!outcome.ok) {
    console.error(`${job.name}: failed after ${outcome.seconds.toFixed(1)} s: ${outcome.error}`);
    return false;
  }
  console.log(`${job.name}: ${outcome.result.outcome} in ${outcome.seconds.toFixed(1)} s: ${outcome.result.summary}`);
  return true;
}

async function main(): Promise<number> {
  try {
    config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const what = process.argv[2];
  if (what === "status") {
    await status();
    return 0;
  }
  if (what === "vpic-rollback") {
    const p = rollbackVpic();
    console.log(`vPIC: serving ${p.path} again (server processes switch within seconds); ${p.previous} kept`);
    return 0;
  }
  const jobs = what === "all" ? [...JOBS] : what && findJob(what) ? [findJob(what)!] : null;
  if (!jobs) {
    console.error(USAGE);
    return 2;
  }
  let ok = true;
  for (const job of jobs) ok = (await run(job)) && ok;
  return ok ? 0 : 1;
}

main()
  .then((code) => (process.exitCode = code))
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
