/**
 * The job runner's retries on a real (SQLite) database: a run that fails is tried again after a backoff, not at
 * the next scheduled run; the retry is the job's next run in its status; success ends the retries.
 */
import { createTempDb } from "../../tests/support/recalls-temp-db";
import type { Job } from "./job";
import { MAX_RETRY_MS, retryDelayMs, startJobRunner } from "./scheduler";
import { readJobStatus } from "../db/job-status";

let temp: ReturnType<typeof createTempDb>;
beforeAll(() => {
  temp = createTempDb();
  process.env.LOG_LEVEL = "silent";
});
afterAll(() => temp.cleanup());

async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

test("the wait doubles per failure from the first, and never exceeds an hour", () => {
  expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
  expect(retryDelayMs(7, 60_000)).toBe(MAX_RETRY_MS);
  expect(retryDelayMs(60, 60_000)).toBe(MAX_RETRY_MS);
});

/** Due at start, scheduled once a year: only a retry can run it again within the test. */
function flakyJob(name: string, failFirst: number): Job & { runs: number } {
  const job = {
    name,
    description: "test job",
    runs: 0,
    schedule: () => "0 0 1 1 *",
    disabledReason: () => null,
    dueAtStart: () => true,
    async run() {
      job.runs++;
      if (job.runs <= failFirst) throw new Error(`source unreachable (run ${job.runs})`);
      return { outcome: "ok" as const, rowsChanged: 1, state: {}, summary: "done" };
    },
  };
  return job;
}

test("a failed run is retried after the backoff until it succeeds; then the schedule takes over", async () => {
  const job = flakyJob("flaky", 2);
  const runner = startJobRunner([job], { retryFirstMs: 50 });
  try {
    await until(async () => job.runs === 1 && (await readJobStatus("flaky"))?.lastOutcome === "failed");
    // While it waits to retry, the retry is the job's next run, minutes (here ms) away, not next year.
    await until(async () => {
      const next = (await readJobStatus("flaky"))?.nextRunAt;
      return next !== null && next !== undefined && next.getTime() - Date.now() < 60_000;
    });
    await until(async () => (await readJobStatus("flaky"))?.lastOutcome === "ok");
    expect(job.runs).toBe(3);
    const status = await readJobStatus("flaky");
    expect(status?.lastError).toBeNull();
    await until(async () => (await readJobStatus("flaky"))!.nextRunAt!.getUTCMonth() === 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(job.runs).toBe(3);
  } finally {
    runner.stop();
  }
});

test("with retries off, a failed run waits for its schedule", async () => {
  const job = flakyJob("no-retry", 5);
  const runner = startJobRunner([job], { retryFirstMs: null });
  try {
    await until(async () => (await readJobStatus("no-retry"))?.lastOutcome === "failed");
    await new Promise((r) => setTimeout(r, 300));
    expect(job.runs).toBe(1);
    expect((await readJobStatus("no-retry"))?.nextRunAt?.getUTCMonth()).toBe(0);
  } finally {
    runner.stop();
  }
});
