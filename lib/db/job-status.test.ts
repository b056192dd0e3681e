/**
 * The job lease on a real (SQLite) database: one holder at a time, renewal only by the holder, expiry frees a
 * crashed holder's lease; and runJob refusing a second run while the first holds the lease.
 */
import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { createTempDb } from "../../tests/support/recalls-temp-db";
import type { Job } from "../jobs/job";
import { jobsReport } from "../jobs/overview";
import { runJob } from "../jobs/run-job";
import { acquireLease, readJobStatus, recordStart, releaseLease, renewLease } from "./job-status";

let temp: ReturnType<typeof createTempDb>;
beforeAll(() => {
  temp = createTempDb();
  process.env.LOG_LEVEL = "silent";
});
afterAll(() => temp.cleanup());

describe("job lease", () => {
  test("one holder at a time; renewal only by the holder; release frees it", async () => {
    const now = new Date("2026-11-23T00:00:00Z");
    expect(await acquireLease("t1", "a", now)).toBe(true);
    expect(await acquireLease("t1", "b", now)).toBe(false);
    expect(await renewLease("t1", "b", now)).toBe(false);
    expect(await renewLease("t1", "a", now)).toBe(true);
    await releaseLease("t1", "a");
    expect(await acquireLease("t1", "b", now)).toBe(true);
  });

  test("a holder that stops renewing loses the lease when it expires", async () => {
    const t0 = new Date("2026-11-23T01:00:00Z");
    expect(await acquireLease("t2", "crashed", t0, 1000)).toBe(true);
    expect(await acquireLease("t2", "next", new Date(t0.getTime() + 500))).toBe(false);
    expect(await acquireLease("t2", "next", new Date(t0.getTime() + 1500))).toBe(true);
    expect(await renewLease("t2", "crashed", new Date(t0.getTime() + 1600))).toBe(false);
  });

  test("a holder on this host whose process is gone (kill -9) is taken over at once and shown as not running", async () => {
    // A process that has exited: its pid names no process now.
    const gone = spawnSync(process.execPath, ["-e", ""]).pid!;
    const now = new Date();
    expect(await acquireLease("recalls", `${hostname()}:${gone}:dead0000`, now)).toBe(true);
    await recordStart("recalls", now);
    const report = (await jobsReport(now)).find((j) => j.name === "recalls");
    expect(report).toMatchObject({ running: false, lastOutcome: "interrupted" });
    expect(await acquireLease("recalls", "next", new Date(now.getTime() + 1000))).toBe(true);
    expect((await readJobStatus("recalls"))?.leaseOwner).toBe("next");
    await releaseLease("recalls", "next");

    // A live holder (this test's parent process) keeps its lease until it expires; so does one on another host.
    expect(await acquireLease("t3", `${hostname()}:${process.ppid}:alive000`, now)).toBe(true);
    expect(await acquireLease("t3", "next", new Date(now.getTime() + 1000))).toBe(false);
    expect(await acquireLease("t4", `elsewhere.example:${gone}:dead0000`, now)).toBe(true);
    expect(await acquireLease("t4", "next", new Date(now.getTime() + 1000))).toBe(false);
  });
});

describe("runJob", () => {
  const slowJob = (ms: number): Job => ({
    name: "slow",
    description: "test job",
    schedule: () => null,
    disabledReason: () => null,
    run: async (ctx) => {
      await new Promise((r) => setTimeout(r, ms));
      return {
        outcome: "ok",
        rowsChanged: 7,
        state: { ...ctx.state, runs: Number(ctx.state.runs ?? 0) + 1 },
        summary: "done",
      };
    },
  });

  test("a second run while the first holds the lease is refused, not doubled; status and state are stored", async () => {
    const [a, b] = await Promise.all([
      runJob(slowJob(300), { owner: "x" }),
      new Promise((r) => setTimeout(r, 50)).then(() => runJob(slowJob(0), { owner: "y" })),
    ]);
    expect(a).toMatchObject({ ran: true, ok: true });
    expect(b).toMatchObject({ ran: false });
    expect((b as { reason: string }).reason).toContain("already running");
    const status = await readJobStatus("slow");
    expect(status).toMatchObject({
      lastOutcome: "ok",
      rowsChanged: 7,
      lastError: null,
      leaseOwner: null,
      state: { runs: 1 },
    });
    expect(await runJob(slowJob(0))).toMatchObject({ ran: true, ok: true });
    expect((await readJobStatus("slow"))?.state).toEqual({ runs: 2 });
  });

  test("a failing run records the error and keeps the last success", async () => {
    const before = await readJobStatus("slow");
    const failing: Job = { ...slowJob(0), run: async () => Promise.reject(new Error("source answered 503")) };
    expect(await runJob(failing)).toMatchObject({ ran: true, ok: false, error: "source answered 503" });
    const after = await readJobStatus("slow");
    expect(after).toMatchObject({
      lastOutcome: "failed",
      lastError: "source answered 503",
      lastSuccessAt: before?.lastSuccessAt,
    });
  });
});
