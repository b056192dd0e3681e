/**
 * `vinscope sync …` (`npm run sync -- …`):
 *   status         every job: schedule, last start / success / outcome, rows changed, next run, last error;
 *                  and whether recall answers come from the mirror (fresh, stale, none). --json: one JSON line
 *   <job>… | all   runs the job(s) now, with a progress bar, under the same lease as the scheduled runs (a run
 *                  already going here or on another instance is reported, not doubled); exit code 1 on failure
 *   vpic-rollback  points the server processes back at the vPIC file served before the last refresh
 * Uses DATABASE_URL and the SYNC_* variables like `vinscope start` (see docs/syncs-and-data.md, "Scheduled syncs").
 */
import { createRequire } from "node:module";
import cliProgress from "cli-progress";
import type { Command } from "commander";
import type { Job, JobProgress } from "../../lib/jobs/job";
import { examples } from "../help";
import { printJson, UsageError, withDb } from "../output";

export function registerSync(program: Command): void {
  const sync = program.command("sync").description("the scheduled syncs: status, run a job now, vPIC rollback");
  sync.addHelpText(
    "after",
    () => `\nJobs: ${jobNamesForHelp()}. \`vinscope sync <job>\` is short for \`vinscope sync run <job>\`.\n`,
  );
  examples(sync, ["vinscope sync status", "vinscope sync recalls", "vinscope sync all"]);

  const statusCommand = sync
    .command("status")
    .description("every job's schedule, last run and outcome, and the recall mirror's freshness")
    .option("--json", "one JSON line: { jobs: [...], recallMirror: {...} } (as /api/health reports them)")
    .action((opts: { json?: boolean }) => withDb(() => status(opts.json === true)));
  examples(statusCommand, ["vinscope sync status", "vinscope sync status --json"]);

  const runCommand = sync
    .command("run", { isDefault: true })
    .description("run jobs now, with a progress bar (exit code 1 if one failed)")
    .argument("<job...>", "job names, or all")
    .action((names: string[]) => withDb(() => runJobs(names)));
  runCommand.addHelpText("after", () => `\nJobs: ${jobNamesForHelp()}.\n`);
  examples(runCommand, ["vinscope sync recalls", "vinscope sync run vpic", "vinscope sync all"]);

  const rollback = sync
    .command("vpic-rollback")
    .description("serve the vPIC file from before the last refresh again (server processes switch within seconds)")
    .action(async () => {
      const { rollbackVpic } = await import("../../lib/jobs/vpic-refresh");
      const p = rollbackVpic();
      console.log(`vPIC: serving ${p.path} again (server processes switch within seconds); ${p.previous} kept`);
    });
  examples(rollback, ["vinscope sync vpic-rollback"]);
}

function jobNamesForHelp(): string {
  // Help text is synchronous: the registry (which loads every job module) is read only when help is shown.
  const { JOBS } = createRequire(__filename)("../../lib/jobs/registry") as typeof import("../../lib/jobs/registry");
  return JOBS.map((j) => j.name).join(", ");
}

async function runJobs(names: string[]): Promise<void> {
  const { config } = await import("../../lib/config");
  config(); // a bad variable stops here (exit 2)
  const { JOBS, findJob } = await import("../../lib/jobs/registry");
  const unknown = names.filter((n) => n !== "all" && !findJob(n));
  if (unknown.length)
    throw new UsageError(`unknown job: ${unknown.join(", ")} (jobs: ${JOBS.map((j) => j.name).join(", ")}, or all)`);
  const jobs = names.includes("all") ? [...JOBS] : [...new Set(names)].map((n) => findJob(n)!);
  let ok = true;
  for (const job of jobs) ok = (await run(job)) && ok;
  if (!ok) process.exitCode = 1;
}

async function status(json: boolean): Promise<void> {
  const { config } = await import("../../lib/config");
  const { jobsReport, recallMirrorReport } = await import("../../lib/jobs/overview");
  const jobs = await jobsReport();
  const mirror = await recallMirrorReport();
  if (json) return printJson({ jobs, recallMirror: mirror });
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
      (mirror.asOf
        ? ` (as of ${mirror.asOf}, model years up to ${mirror.maxModelYear}; fresh for ${config().sync.recalls.maxAgeMs / 3_600_000} h)`
        : ""),
  );
}

async function run(job: Job): Promise<boolean> {
  const { runJob } = await import("../../lib/jobs/run-job");
  const bar = new cliProgress.SingleBar(
    {
      format: `${job.name} {stage} {bar} {percentage}% | {mbDone}/{mbTotal} MB`,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5000,
    },
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
