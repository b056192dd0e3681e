/**
 * What the benchmarks that run the app as `npm start` does share (bench:soak, bench:memory): the processes of its
 * group read from /proc, a fake NHTSA on loopback, a database with every report index at full size, and distinct
 * VINs the decoder takes.
 */
import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { config } from "../../../lib/config";
import { decodeVinWith, loadVpicData, synthesiseVins } from "../../../lib/vin";

const root = path.resolve(__dirname, "../../..");

export interface GroupProcess {
  pid: number;
  /** Its command line, split at NULs (Next.js renames its server processes "next-server (v16…)"). */
  cmd: string[];
  rssMb: number;
  /** Proportional set size: shared pages split between the processes that map them. */
  pssMb: number;
}

/** Every process in the group `pgid` (npm, the launcher, the server processes, the job runner), by pid. */
export function groupProcesses(pgid: number): GroupProcess[] {
  const out: GroupProcess[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name (which may hold spaces) start at the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean);
      const rssKb = Number(readFileSync(`/proc/${entry}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      const pssKb = Number(readFileSync(`/proc/${entry}/smaps_rollup`, "utf8").match(/^Pss:\s+(\d+)/m)?.[1] ?? 0);
      if (rssKb > 0) out.push({ pid: Number(entry), cmd, rssMb: rssKb / 1024, pssMb: pssKb / 1024 });
    } catch {
      /* the process ended while being read */
    }
  }
  return out.sort((a, b) => a.pid - b.pid);
}

/** NHTSA's recalls API on loopback: no recalls, after `delayMs`. */
export async function fakeNhtsa(delayMs: number): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_req, res) => {
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ Count: 0, Message: "Results returned successfully", results: [] }));
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** A SQLite database holding every report index's data at full size (scripts/bench/index-memory.ts fills it). */
export function fullIndexDatabase(): { url: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "vinscope-bench-full-"));
  execFileSync(
    path.join(root, "node_modules/.bin/tsx"),
    ["--expose-gc", "scripts/bench/index-memory.ts", "--fill", "--dir", dir],
    { cwd: root, stdio: "inherit" },
  );
  return { url: `file:${path.join(dir, "index.db")}`, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `count` distinct VINs the decoder takes, from synthesiseVins' sequence `seed`. */
export function decodableVins(count: number, seed: number): string[] {
  const data = loadVpicData(config().vpic.dbPath);
  const vins: string[] = [];
  for (const vin of synthesiseVins(data, count * 2, seed)) {
    if (decodeVinWith(data, vin).ok) vins.push(vin);
    if (vins.length === count) break;
  }
  return vins;
}
