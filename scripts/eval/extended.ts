/**
 * Coverage of `decoded.extended` per field, with live enrichment served by a fake vPIC API on loopback that
 * answers each VIN with NHTSA's recorded answer for it (the truth file), through the real enrichment client
 * and a temporary SQLite cache. Says, per field, how many VINs got a value and from where (local data or
 * live), and whether the value agrees with NHTSA's answer parsed the same way.
 *
 *   npm run eval:extended -- <truth.json>
 *
 * The truth file is a JSON array of DecodeVinValues-style records ({ VIN, ModelYear, … }). A field the truth
 * file does not record cannot be filled live by this fake: the report says how many records carry each.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

type Sourced = { value: unknown; source: "local" | "live" } | null;

async function main() {
  const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
  if (!file) {
    console.error("usage: npm run eval:extended -- <truth.json>");
    process.exit(2);
  }
  const records = JSON.parse(readFileSync(file, "utf8")) as Record<string, string | boolean>[];
  const byVin = new Map(records.map((r) => [String(r.VIN), r]));

  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const vin = decodeURIComponent((req.url ?? "").split("?")[0].split("/").pop() ?? "");
    const truth = byVin.get(vin);
    const result = Object.fromEntries(Object.entries(truth ?? { VIN: vin }).filter(([k]) => !k.startsWith("_")));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        Count: 1,
        Message: "Results returned successfully",
        SearchCriteria: `VIN:${vin}`,
        Results: [result],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const dir = mkdtempSync(path.join(tmpdir(), "vinscope-eval-extended-"));
  process.env.DATABASE_URL = `file:${path.join(dir, "eval.db")}`;
  process.env.LOG_LEVEL = "silent";
  process.env.VPIC_API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  process.env.VPIC_API_TIMEOUT_MS = "10000";
  const { migrateDeploy } = await import("../../cli/db/migrate-deploy");
  migrateDeploy(process.env.DATABASE_URL, { quiet: true });
  const { disconnectDb } = await import("../../lib/db");
  const { closeEnrichment, decodeVinEnriched } = await import("../../lib/vin");
  const { toExtendedRecord } = await import("../../lib/vin");

  const { parseVin } = await import("../../lib/vin");
  const vins = records.map((r) => parseVin(String(r.VIN)));
  const results = [];
  for (let i = 0; i < vins.length; i += 50)
    results.push(...(await Promise.all(vins.slice(i, i + 50).map((vin) => decodeVinEnriched(vin)))));
  await closeEnrichment();

  type Row = { filled: number; local: number; live: number; truth: number; agree: number; disagree: number };
  const rows = new Map<string, Row>();
  let decoded = 0;
  results.forEach((r, i) => {
    if (!r.ok) return;
    decoded++;
    const truthRecord = Object.fromEntries(
      Object.entries(records[i]).filter(([, v]) => typeof v === "string"),
    ) as Record<string, string>;
    const expected = toExtendedRecord(truthRecord);
    for (const [group, fields] of Object.entries(r.decoded.extended)) {
      for (const [field, value] of Object.entries(fields as Record<string, Sourced>)) {
        const key = `${group}.${field}`;
        const row = rows.get(key) ?? { filled: 0, local: 0, live: 0, truth: 0, agree: 0, disagree: 0 };
        const want = (expected as unknown as Record<string, Record<string, Sourced>>)[group][field];
        if (value) {
          row.filled++;
          row[value.source]++;
        }
        if (want) {
          row.truth++;
          if (value && JSON.stringify(value.value) === JSON.stringify(want.value)) row.agree++;
          else row.disagree++;
        }
        rows.set(key, row);
      }
    }
  });

  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");
  console.log(
    `truth: ${file} (${records.length} records); decoded: ${decoded}; live requests to the fake vPIC API: ${requests}\n`,
  );
  console.log(
    "field".padEnd(46) +
      "filled".padStart(8) +
      "cover%".padStart(8) +
      "local".padStart(7) +
      "live".padStart(6) +
      "  truth" +
      "  agree%",
  );
  for (const [key, row] of [...rows.entries()].sort((a, b) => b[1].filled - a[1].filled || a[0].localeCompare(b[0]))) {
    console.log(
      key.padEnd(46) +
        String(row.filled).padStart(8) +
        pct(row.filled, decoded).padStart(8) +
        String(row.local).padStart(7) +
        String(row.live).padStart(6) +
        String(row.truth).padStart(7) +
        pct(row.agree, row.truth).padStart(8),
    );
  }
  console.log(
    "\ntruth: records whose NHTSA answer (as recorded in the truth file) gives the field; agree%: our value equals it.",
  );
  await disconnectDb();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
