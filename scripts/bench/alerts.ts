/**
 * npm run bench:alerts [-- --rows 100000 --watched 100000 --campaigns 50]
 *
 * Recall alerts at scale: 100,000 watched VINs (100 watchers of 1,000 VINs, spread over the vehicles of a
 * synthetic FLAT_RCL file), a baseline import of that file, then a sync of the same file with 50 campaigns added.
 * Prints:
 *   - the second import, and within its transaction the change detection and the outbox write (the events are
 *     committed with the import, so the time from the sync's end to the last event enqueued is zero by
 *     construction; the figure that matters is what the enqueue adds to the sync);
 *   - delivery to a local receiver (HTTP on loopback, answering 204 at once): events/s and the time from the
 *     sync's end to the last event delivered, with the endpoints spread over 16 hosts, then all on one host
 *     (a host gets at most 4 deliveries in flight).
 * Database: BENCH_DATABASE_URL (a PostgreSQL URL), else a temporary SQLite file, migrated first.
 */
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateDeploy } from "../../cli/db/migrate-deploy";
import { syntheticFlatRclLines, writeSyntheticFlatRcl } from "./generate-flat-rcl";

const HOSTS = 16;
const WATCHERS = 100;

function newCampaignLines(count: number, models: [string, string][]): string[] {
  const lines: string[] = [];
  for (let c = 0; c < count; c++) {
    const [make, model] = models[(c * 7) % models.length];
    const camp = `26V${String(900 + c).padStart(3, "0")}000`;
    for (const year of [2015 + (c % 8), 2016 + (c % 8)]) {
      lines.push(
        [
          9_000_000 + lines.length,
          camp,
          make,
          model,
          year,
          `N${c}`,
          "ELECTRICAL SYSTEM:WIRING",
          `${make} MOTOR CO.`,
          "20250101",
          "20251231",
          "V",
          12000,
          "20261101",
          "MFR",
          make,
          "20261120",
          "20261120",
          "573",
          "",
          `SYNTHETIC NEW CAMPAIGN ${c}.`,
          "SYNTHETIC.",
          "SYNTHETIC.",
          "SYNTHETIC: NOT REAL NHTSA DATA.",
          "0".repeat(27),
          "",
          "",
          "",
          c % 10 === 0 ? "Yes" : "No",
          "No",
        ].join("\t"),
      );
    }
  }
  return lines;
}

async function main() {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "100000" },
      watched: { type: "string", default: "100000" },
      campaigns: { type: "string", default: "50" },
      // Delivery is measured for at most this long per phase (the rate, and the time the rest would take).
      "deliver-seconds": { type: "string", default: "60" },
    },
  });
  const rows = Number(values.rows);
  const watched = Number(values.watched);
  const campaigns = Number(values.campaigns);
  const deliverMs = Number(values["deliver-seconds"]) * 1000;
  const dir = mkdtempSync(path.join(os.tmpdir(), "vinscope-alerts-bench-"));
  const url = process.env.BENCH_DATABASE_URL ?? `file:${path.join(dir, "bench.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // The SQLite adapter takes back a transaction held past the request deadline; a whole-file import holds one longer.
    REQUEST_DEADLINE_MS: "1800000",
  });
  let delivered = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      delivered++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "0.0.0.0", r));
  const port = (receiver.address() as AddressInfo).port;
  try {
    migrateDeploy(url, { quiet: true });
    const { db, disconnectDb } = await import("../../lib/db");
    const { importMirrorFile } = await import("../../lib/recalls");
    const { enqueueRecallEvents } = await import("../../lib/alerts/opened-events");
    const { registerEndpoint } = await import("../../lib/alerts/endpoints");
    const { deliverDueEvents } = await import("../../lib/alerts/delivery");
    const { makeKey } = await import("../../lib/vehicle");

    // The vehicles of the synthetic file, and watched VINs spread over them.
    const vehicles = new Map<string, { year: number; make: string; model: string }>();
    for (const line of syntheticFlatRclLines(Math.min(rows, 20_000))) {
      const f = line.split("\t");
      vehicles.set(`${f[4]}|${f[2]}|${f[3]}`, { year: Number(f[4]), make: f[2], model: f[3] });
    }
    const list = [...vehicles.values()];
    const models = [
      ...new Map(list.map((v) => [`${v.make}|${v.model}`, [v.make, v.model] as [string, string]])).values(),
    ];
    let t = performance.now();
    const perWatcher = Math.ceil(watched / WATCHERS);
    for (let w = 0; w < WATCHERS; w++) {
      const data = [];
      for (let i = 0; i < perWatcher && w * perWatcher + i < watched; i++) {
        const n = w * perWatcher + i;
        const v = list[n % list.length];
        data.push({
          watcherId: `bench:${w}`,
          vin: `BNCH${String(n).padStart(13, "0")}`,
          year: v.year,
          make: v.make,
          model: v.model,
          makeKey: makeKey(v.make),
          createdAt: new Date(Date.now() - 86_400_000),
        });
      }
      await db().watchedVin.createMany({ data });
      await registerEndpoint(
        { id: `bench:${w}`, accountId: null, email: `bench${w}@example.com` },
        `http://127.0.0.${1 + (w % HOSTS)}:${port}/hook`,
      );
    }
    console.log(
      `${watched} watched VINs over ${list.length} vehicles, ${WATCHERS} watchers with endpoints on ${HOSTS} hosts: set up in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const file = path.join(dir, "FLAT_RCL_BENCH.txt");
    await writeSyntheticFlatRcl(file, rows);
    t = performance.now();
    await importMirrorFile(file, "FLAT_RCL_BENCH.txt", {
      onOpened: (tx, opened, now) => enqueueRecallEvents(tx, opened, now),
    });
    console.log(
      `baseline import: ${rows} rows in ${((performance.now() - t) / 1000).toFixed(1)} s (no events: the first import of a file is the baseline)`,
    );

    appendFileSync(
      file,
      newCampaignLines(campaigns, models)
        .map((l) => `${l}\r\n`)
        .join(""),
    );
    let enqueueMs = 0;
    let opened = 0;
    let events = 0;
    t = performance.now();
    await importMirrorFile(file, "FLAT_RCL_BENCH.txt", {
      onOpened: async (tx, o, now) => {
        const started = performance.now();
        opened = o.length;
        events = await enqueueRecallEvents(tx, o, now);
        enqueueMs = performance.now() - started;
      },
    });
    const syncEnd = performance.now();
    const visible = await db().alertEvent.count({ where: { status: "pending" } });
    console.log(
      `sync adding ${campaigns} campaigns: import ${((syncEnd - t) / 1000).toFixed(2)} s; inside its transaction ${opened} newly covered ` +
        `vehicle rows found and ${events} events written in ${enqueueMs.toFixed(0)} ms; sync end → last event enqueued: 0 ms ` +
        `(${visible} pending events visible at commit, read ${(performance.now() - syncEnd).toFixed(0)} ms later)`,
    );

    const drain = async (label: string, since: number) => {
      const started = performance.now();
      const before = delivered;
      let left = 0;
      for (;;) {
        const round = await deliverDueEvents("bench");
        if (round.sent === 0 && (left = await db().alertEvent.count({ where: { status: "pending" } })) === 0) break;
        if (performance.now() - started > deliverMs) {
          left = await db().alertEvent.count({ where: { status: "pending" } });
          break;
        }
      }
      const s = (performance.now() - started) / 1000;
      const n = delivered - before;
      const rate = n / s;
      const end = left
        ? `the last would be delivered about ${((performance.now() - since) / 1000 + left / rate).toFixed(0)} s after the sync's end (${left} left when the measurement stopped)`
        : `sync end → last delivered ${((performance.now() - since) / 1000).toFixed(1)} s`;
      console.log(`delivery, ${label}: ${n} events in ${s.toFixed(1)} s = ${Math.round(rate)} events/s; ${end}`);
    };
    await drain(`endpoints on ${HOSTS} hosts`, syncEnd);

    // Again with every endpoint on one host: the per-host bulkhead is the limit.
    await db().webhookEndpoint.updateMany({ data: { url: `http://127.0.0.1:${port}/hook` } });
    await db().alertEvent.updateMany({ where: { status: "pending" }, data: { status: "unsent" } });
    const sample = Math.min(events, 2000);
    const ids = (await db().alertEvent.findMany({ select: { id: true }, take: sample })).map((e) => e.id);
    for (let i = 0; i < ids.length; i += 500) {
      await db().alertEvent.updateMany({
        where: { id: { in: ids.slice(i, i + 500) } },
        data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), deliveredAt: null },
      });
    }
    await drain(`${sample} events, every endpoint on one host`, performance.now());
    console.log(
      `database: ${url.startsWith("file:") ? "SQLite (temporary file)" : "PostgreSQL"}; node ${process.version}; ${os.cpus().length} CPUs; load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    await disconnectDb();
  } finally {
    receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
