/**
 * `npm run bench:http -- --report`: the default VIN report (no flags) against decode + pricing, side by side
 * (issue: the default report from local data). Each run meets distinct VINs (and vehicles) no earlier run warmed:
 *   1. decode + pricing          every other section switched off by its flag; every source off
 *   2. default, offline          the same server, default flags
 *   3. default, sources 300 ms   fakes of every source answering after 300 ms, with the recall, complaints and
 *                                EPA mirrors loaded (`npm run sync`): ratings still go live
 *   4. default, sources 300 ms   the same fakes, no mirror: every section of a new vehicle goes live
 *   5. cold start, all hanging   a fresh server whose every outside system (vPIC, recalls, ratings, complaints,
 *                                EPA) never answers, measured for 10 s from when /api/health says it is ready
 *                                (after the server's own warm-up, SERVER_WARM_UP_REQUESTS), none of the bench's
 * Prints req/s, p50/p99, the ratio to run 1 and the non-2xx count. Of run 4 it also counts how each live section
 * answered (`pending`: its call goes on and stores the answer; `unavailable`, "busy": refused by the source's
 * bulkhead, so never asked), then asks the VINs that had pending sections again, to count those later answered
 * from the store.
 */
import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { cpus, loadavg } from "node:os";
import { promisify } from "node:util";
import { startServer } from "./bench-server";
import { vinscopeCommand } from "../../../tests/support/vinscope-cli";

interface Run {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

type Measure = (
  name: string,
  url: string,
  paths: () => string,
  seconds?: number,
  headers?: Record<string, string>,
  onBody?: (path: string, status: number, body: string) => void,
) => Promise<Run>;
type Vehicle = { year: string; make: string; model: string };

const LIVE_SECTIONS = ["recalls", "safetyRatings", "complaints", "fuelEconomy"] as const;
type Sections = Partial<Record<(typeof LIVE_SECTIONS)[number], { status?: string; source?: string }>>;

const DECODE_AND_PRICING =
  "insight=false&recalls=false&safetyRatings=false&complaints=false&fuelEconomy=false&investigations=false&bulletins=false&canadaRecalls=false";
const root = path.resolve(__dirname, "../../..");

/** Every source at once (NHTSA's recalls, ratings and complaints APIs, fueleconomy.gov, vPIC): after `delayMs`, or never. */
async function fakeSources(delayMs: number | "hang"): Promise<{ url: string; calls: () => number; close: () => void }> {
  let calls = 0;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    calls++;
    if (delayMs === "hang") return;
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" });
      const epa = req.url?.startsWith("/epa/");
      res.end(
        JSON.stringify(epa ? {} : { Count: 0, Message: "Results returned successfully", results: [], Results: [] }),
      );
    }, delayMs);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

async function fileServer(files: Record<string, string>): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const body = files[path.basename(req.url ?? "")];
    if (body === undefined) return res.writeHead(404).end();
    res.writeHead(200, { "content-length": Buffer.byteLength(body), etag: '"bench-1"' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** Synthetic FLAT_CMPL rows (49 columns): one complaint for every third vehicle. */
function flatCmpl(vehicles: Vehicle[]): string {
  return vehicles
    .filter((_, i) => i % 3 === 0)
    .map((v, i) => {
      const cols = new Array<string>(49).fill("");
      Object.assign(cols, {
        0: String(i + 1),
        1: String(11_000_000 + i),
        2: "BENCH MOTORS",
        3: v.make.toUpperCase(),
        4: v.model.toUpperCase(),
        5: v.year,
        6: "N",
        7: "20240105",
        8: "N",
        9: "0",
        10: "0",
        11: "SERVICE BRAKES",
        15: "20240106",
        16: "20240106",
        19: "Benchmark complaint (synthetic).",
        45: "V",
      });
      return cols.join("\t");
    })
    .join("\r\n");
}

/** Synthetic vehicles.csv rows: one rated variant for every third vehicle. */
function vehiclesCsv(vehicles: Vehicle[]): string {
  const header =
    "id,year,make,model,baseModel,trany,cylinders,displ,drive,fuelType,atvType,city08,highway08,comb08,fuelCost08,range,rangeA,co2TailpipeGpm";
  const rows = vehicles
    .filter((_, i) => i % 3 === 0)
    .map((v, i) =>
      [
        50_000 + i,
        v.year,
        v.make,
        v.model,
        v.model,
        "Automatic (S6)",
        4,
        2.0,
        "Front-Wheel Drive",
        "Regular Gasoline",
        "",
        25,
        33,
        28,
        1500,
        0,
        "",
        320,
      ].join(","),
    );
  return [header, ...rows].join("\r\n");
}

/**
 * After a warm-up, the calls its last requests started are still being answered and stored (a source at 300 ms
 * takes up to about a second for a vehicle): a run starting at once would measure them too.
 */
const settle = () => new Promise((r) => setTimeout(r, 1500));

export async function reportRuns(opts: {
  vins: string[];
  vehicleOf: (vin: string) => Vehicle | null;
  recallFile: (vins: string[]) => string;
  measure: Measure;
  connections: number;
  seconds: number;
}): Promise<void> {
  const { measure } = opts;
  // Five disjoint slices: no run meets a VIN (or, mostly, a vehicle) an earlier run warmed.
  const slice = (k: number) => opts.vins.filter((_, i) => i % 6 === k);
  const cycle = (vins: string[]) => {
    let i = 0;
    return () => vins[i++ % vins.length];
  };
  const runs: Run[] = [];
  const notes: string[] = [];

  // 1 and 2: every source off.
  {
    const server = await startServer({});
    try {
      const warm = cycle(slice(5));
      await measure("warm-up", server.base, () => `/api/public/vin/${warm()}`, 5);
      await settle();
      const a = cycle(slice(0));
      runs.push(
        await measure(
          "decode + pricing (sections off by flag)",
          server.base,
          () => `/api/public/vin/${a()}?${DECODE_AND_PRICING}`,
        ),
      );
      const b = cycle(slice(1));
      runs.push(await measure("default flags, every source off", server.base, () => `/api/public/vin/${b()}`));
      const res = await fetch(`${server.base}/api/public/vin/${slice(1)[0]}`);
      notes.push(`offline default report Cache-Control: ${res.headers.get("cache-control")}`);
    } finally {
      await server.stop();
    }
  }

  // 3 and 4: every source answering after 300 ms; mirrors loaded for run 3's vehicles.
  {
    const fakes = await fakeSources(300);
    const mirrored = slice(2);
    const vehicles = [
      ...new Map(
        mirrored
          .map((v) => opts.vehicleOf(v))
          .filter((v): v is Vehicle => v !== null)
          .map((v) => [`${v.year}|${v.make}|${v.model}`, v]),
      ).values(),
    ];
    const files = await fileServer({
      "FLAT_RCL_BENCH.txt": opts.recallFile(mirrored),
      "FLAT_CMPL_BENCH.txt": flatCmpl(vehicles),
      "vehicles_bench.csv": vehiclesCsv(vehicles),
    });
    const server = await startServer({
      NHTSA_API_BASE_URL: fakes.url,
      RATINGS_API_BASE_URL: fakes.url,
      COMPLAINTS_API_BASE_URL: fakes.url,
      FUEL_ECONOMY_API_BASE_URL: `${fakes.url}/epa`,
      SYNC_RECALLS_URL: files.url,
      SYNC_RECALLS_FILES: "FLAT_RCL_BENCH.txt",
      SYNC_COMPLAINTS_URL: `${files.url}/FLAT_CMPL_BENCH.txt`,
      SYNC_COMPLAINTS_SCHEDULE: "off",
      SYNC_FUEL_ECONOMY_URL: `${files.url}/vehicles_bench.csv`,
      SYNC_FUEL_ECONOMY_SCHEDULE: "off",
    });
    try {
      const warm = cycle(slice(5));
      await measure("warm-up", server.base, () => `/api/public/vin/${warm()}`, 5);
      await settle();
      // The no-mirror run first (the mirrors, once loaded, cover their years).
      const live = slice(3);
      const d = cycle(live);
      const before = fakes.calls();
      const answered = new Map<string, number>();
      const pending = new Map<string, Array<(typeof LIVE_SECTIONS)[number]>>();
      runs.push(
        await measure(
          "default flags, sources at 300 ms, no mirror",
          server.base,
          () => `/api/public/vin/${d()}`,
          undefined,
          {},
          (path, status, text) => {
            if (status !== 200) return;
            const body = JSON.parse(text) as Sections;
            const waiting = LIVE_SECTIONS.filter((s) => body[s]?.status === "pending");
            if (waiting.length) pending.set(path, waiting);
            for (const s of LIVE_SECTIONS) {
              const state = `${body[s]?.status ?? "absent"}${/\bbusy\b/.test(body[s]?.source ?? "") ? " (busy)" : ""}`;
              answered.set(state, (answered.get(state) ?? 0) + 1);
            }
          },
        ),
      );
      notes.push(`no-mirror run: ${fakes.calls() - before} calls to the fakes`);
      notes.push(
        `no-mirror run, live sections answered: ${[...answered]
          .sort((a, b) => b[1] - a[1])
          .map(([state, n]) => `${n} ${state}`)
          .join(", ")}`,
      );
      await new Promise((r) => setTimeout(r, 2000)); // the calls under way finish and are stored
      let fromStore = 0;
      let asked = 0;
      for (const [path, sections] of [...pending].slice(0, 200)) {
        const body = (await (await fetch(`${server.base}${path}`)).json()) as Sections;
        for (const s of sections) {
          asked++;
          if (body[s]?.status === "ok") fromStore++;
        }
      }
      notes.push(
        `asked again after the run: ${fromStore} of ${asked} sections that answered pending (${Math.min(200, pending.size)} VINs) answered ok from the store`,
      );
      for (const job of ["recalls", "complaints", "fuel-economy"]) {
        await promisify(execFile)(...vinscopeCommand("sync", job), {
          cwd: root,
          env: server.env,
          encoding: "utf8",
        });
      }
      await new Promise((r) => setTimeout(r, 6000)); // server processes see the mirrors (job state read every 5 s)
      // As before the no-mirror run: the first requests after a sync load the mirrors' indexes (and answer live
      // meanwhile), a cost paid once per sync and process that the steady state measured here does not have.
      await measure("warm-up", server.base, () => `/api/public/vin/${warm()}`, 3);
      await settle();
      const c = cycle(mirrored);
      const beforeMirror = fakes.calls();
      runs.push(
        await measure("default flags, sources at 300 ms, mirrors loaded", server.base, () => `/api/public/vin/${c()}`),
      );
      notes.push(`mirror run: ${fakes.calls() - beforeMirror} calls to the fakes (ratings have no bulk file)`);
    } finally {
      await server.stop();
      fakes.close();
      files.close();
    }
  }

  // 5: cold start, every outside system hanging.
  {
    const fakes = await fakeSources("hang");
    const server = await startServer({
      VPIC_API_BASE_URL: fakes.url,
      NHTSA_API_BASE_URL: fakes.url,
      RATINGS_API_BASE_URL: fakes.url,
      COMPLAINTS_API_BASE_URL: fakes.url,
      FUEL_ECONOMY_API_BASE_URL: `${fakes.url}/epa`,
    });
    try {
      const e = cycle(slice(4));
      runs.push(
        await measure("cold start, every source hanging (first 10 s)", server.base, () => `/api/public/vin/${e()}`, 10),
      );
    } finally {
      await server.stop();
      fakes.close();
    }
  }

  const base = runs[0];
  console.log(
    `\nbench:http --report  /api/public/vin/{vin}; ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}, ` + `${opts.connections} connections, ${opts.seconds} s per run, distinct VINs per run`,
  );
  console.log("| run | req/s | p50 ms | p99 ms | of decode + pricing | non-2xx |");
  console.log("|---|---|---|---|---|---|");
  for (const r of runs) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.rps / base.rps).toFixed(2)} | ${r.non2xx + r.errors} |`,
    );
  }
  for (const n of notes) console.log(`- ${n}`);
}
