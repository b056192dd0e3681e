/**
 * How runJob words a failure in the log: a source that cannot be reached is said so once, with the offline
 * import of the job's data, and the same failure again (the retries of a machine without a network) is no
 * warning each time; a new error is.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { downloadFile } from "./download";
import type { Job } from "./job";
import { runJob } from "./run-job";

const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
jest.mock("../log", () => {
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => lines.push({ level, fields, msg });
  const logger = { info: at("info"), warn: at("warn"), error: at("error"), debug: at("debug") };
  return { log: () => logger };
});
// The lease and status rows: always granted, nothing stored (the database is not what is tested here).
jest.mock("../db/job-status", () => ({
  acquireLease: async () => true,
  renewLease: async () => true,
  releaseLease: async () => undefined,
  readJobStatus: async () => null,
  recordStart: async () => undefined,
  recordSuccess: async () => undefined,
  recordFailure: async () => undefined,
  saveJobState: async () => undefined,
  LEASE_MS: 120_000,
}));

/** A port nothing listens on: taken, then closed. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function job(name: string, run: Job["run"], offlineImport?: string): Job {
  return { name, description: name, schedule: () => null, disabledReason: () => null, offlineImport, run };
}

const target = path.join(os.tmpdir(), `vinscope-run-job-${process.pid}.zip`);
const download = (url: string) => downloadFile(url, target, { idleTimeoutMs: 2000, maxBytes: 1000 });

beforeEach(() => {
  lines.length = 0;
});

test("an unreachable source is a warning once, naming the offline import; the same failure again is info", async () => {
  const url = `http://127.0.0.1:${await closedPort()}/FLAT_RCL_POST_2010.zip`;
  const recalls = job(
    "recalls-offline",
    async () => {
      await download(url);
      throw new Error("not reached");
    },
    "vinscope import recalls <FLAT_RCL_POST_2010.zip>",
  );
  for (let i = 0; i < 3; i++) expect(await runJob(recalls)).toMatchObject({ ran: true, ok: false });
  const failures = lines.filter((l) => l.fields.job === "recalls-offline" && l.msg !== "job started");
  expect(failures.map((l) => l.level)).toEqual(["warn", "info", "info"]);
  expect(failures[0].msg).toBe(
    "job failed: its source cannot be reached (offline?), retried with backoff; without a network, load its data from a file: vinscope import recalls <FLAT_RCL_POST_2010.zip>",
  );
  expect(failures[0].fields).toMatchObject({ unreachable: true, err: expect.stringContaining("request failed") });
  expect(failures.slice(1).map((l) => [l.msg, l.fields.repeats])).toEqual([
    ["job failed again, as before", 1],
    ["job failed again, as before", 2],
  ]);
});

test("another error is a warning again; after a success the next failure is a warning too", async () => {
  let error = "first";
  let succeed = false;
  const flaky = job("flaky", async () => {
    if (succeed) return { outcome: "ok", rowsChanged: 0, state: {}, summary: "done" };
    throw new Error(error);
  });
  await runJob(flaky);
  await runJob(flaky);
  error = "second";
  await runJob(flaky);
  succeed = true;
  await runJob(flaky);
  succeed = false;
  await runJob(flaky);
  const failures = lines.filter((l) => l.msg.startsWith("job failed"));
  expect(failures.map((l) => [l.level, l.msg, l.fields.err])).toEqual([
    ["warn", "job failed", "first"],
    ["info", "job failed again, as before", "first"],
    ["warn", "job failed", "second"],
    ["warn", "job failed", "second"],
  ]);
});

test("a job without an offline import says the data already loaded is served", async () => {
  const url = `http://127.0.0.1:${await closedPort()}/vpic.db.gz`;
  await runJob(
    job("vpic-offline", async () => (await download(url), { outcome: "ok", rowsChanged: 0, state: {}, summary: "" })),
  );
  expect(lines.find((l) => l.level === "warn")?.msg).toBe(
    "job failed: its source cannot be reached (offline?), retried with backoff; the data already loaded is served meanwhile",
  );
});
