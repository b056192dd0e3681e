/**
 * npm run bench:provision [-- --runs N --vins N]
 *
 * Server time of POST /api/dealer/v1/provision in the default (wmi) mode with decode: true: the route
 * handler itself (key check, usage count, parsing, WMI match, archive look-up, decoding, serialization) is
 * called in-process against a fresh SQLite database, so the figure excludes only the network and Next's
 * own dispatch. Each run sends a different set of VINs, generated from the vPIC patterns (real WMIs and
 * model patterns of many makes, valid check digits), so nothing is answered from a per-VIN memo.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "20" }, vins: { type: "string", default: "500" } },
});
const RUNS = Number(values.runs);
const VINS = Number(values.vins);

const work = mkdtempSync(path.join(tmpdir(), "vinscope-bench-"));
process.env.DATABASE_URL = `file:${path.join(work, "bench.db")}`;
process.env.STICKER_ARCHIVE_DIR = path.join(work, "stickers");
process.env.LOG_LEVEL = "silent";

const MAKES = [
  "Chevrolet",
  "GMC",
  "Buick",
  "Cadillac",
  "Chrysler",
  "Dodge",
  "Jeep",
  "Ram",
  "Ford",
  "Lincoln",
  "Hyundai",
  "Genesis",
  "Toyota",
  "Lexus",
  "Kia",
  "Honda",
  "Nissan",
  "Subaru",
  "BMW",
  "Volkswagen",
  "Tesla",
  "Mazda",
];
const YEAR_CODES: Record<number, string> = {
  2018: "J",
  2019: "K",
  2020: "L",
  2021: "M",
  2022: "N",
  2023: "P",
  2024: "R",
  2025: "S",
};
const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

interface Seed {
  wmi: string;
  year: number;
  keys: string;
}

function loadSeeds(vpicPath: string): Seed[] {
  const file = new Database(vpicPath, { readonly: true });
  try {
    return file
      .prepare(
        `SELECT w.Wmi AS wmi, ws.YearFrom AS yearFrom, COALESCE(ws.YearTo, 2025) AS yearTo, p.Keys AS keys
         FROM Make m JOIN Wmi_Make wm ON wm.MakeId = m.Id JOIN Wmi w ON w.Id = wm.WmiId
         JOIN Wmi_VinSchema ws ON ws.WmiId = w.Id JOIN Pattern p ON p.VinSchemaId = ws.VinSchemaId AND p.ElementId = 28
         WHERE m.Name IN (${MAKES.map(() => "?").join(",")}) AND length(w.Wmi) = 3 AND ws.YearFrom <= 2025
           AND COALESCE(ws.YearTo, 2025) >= 2018`,
      )
      .all(...MAKES)
      .map((r) => {
        const row = r as { wmi: string; yearFrom: number; yearTo: number; keys: string };
        const from = Math.max(2018, row.yearFrom);
        const to = Math.min(2025, row.yearTo);
        return { wmi: row.wmi, year: from + Math.floor(Math.random() * (to - from + 1)), keys: row.keys };
      });
  } finally {
    file.close();
  }
}

/** One concrete character for each position of a vPIC pattern (`*`, `[A-C]`, `[0WYZ]`, literals). */
function expand(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "*") out += pick(VIN_CHARS);
    else if (c === "[") {
      const end = pattern.indexOf("]", i);
      const body = pattern.slice(i + 1, end);
      let options = "";
      for (let j = 0; j < body.length; j++) {
        if (body[j + 1] === "-" && j + 2 < body.length) {
          for (let code = body.charCodeAt(j); code <= body.charCodeAt(j + 2); code++)
            options += String.fromCharCode(code);
          j += 2;
        } else options += body[j];
      }
      out += pick([...options].filter((o) => VIN_CHARS.includes(o)).join("") || "A");
      i = end;
    } else out += c;
  }
  return out;
}

const pick = (chars: string) => chars[Math.floor(Math.random() * chars.length)];

const TRANSLIT: Record<string, number> = Object.fromEntries(
  [..."ABCDEFGH"]
    .map((c, i) => [c, i + 1])
    .concat(
      [..."JKLMN"].map((c, i) => [c, i + 1]),
      [
        ["P", 7],
        ["R", 9],
      ],
      [..."STUVWXYZ"].map((c, i) => [c, i + 2]),
    ),
);
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

function withCheckDigit(vin: string): string {
  const sum = [...vin].reduce((acc, c, i) => acc + (/\d/.test(c) ? Number(c) : (TRANSLIT[c] ?? 0)) * WEIGHTS[i], 0);
  const digit = sum % 11 === 10 ? "X" : String(sum % 11);
  return vin.slice(0, 8) + digit + vin.slice(9);
}

function makeVin(seed: Seed): string {
  const [vds, rest = ""] = seed.keys.split("|");
  const body = expand(vds)
    .padEnd(5, "*")
    .slice(0, 5)
    .replace(/\*/g, () => pick(VIN_CHARS));
  const tail = expand(rest);
  const serial = Array.from({ length: 6 }, () => pick("0123456789")).join("");
  const vis = (YEAR_CODES[seed.year] + pick("ABCDEFGHJKLMNPRSTUVWXYZ") + serial).split("");
  for (let i = 0; i < tail.length && i < 8; i++) vis[i] = tail[i];
  return withCheckDigit(`${seed.wmi}${body}0${vis.join("")}`.slice(0, 17));
}

async function main() {
  // The database prepared as the app prepares its own (migrations, WAL mode).
  const { migrate } = await import("../../cli/db/prepare");
  migrate();
  const { config } = await import("../../lib/config");
  const { issueKey } = await import("../../lib/dealers");
  const { disconnectDb } = await import("../../lib/db");
  const { POST } = await import("../../app/api/dealer/v1/provision/route");
  const { decodeVinWith, vpicData } = await import("../../lib/vin");

  const seeds = loadSeeds(config().vpic.dbPath);
  const { key } = await issueKey({ name: "Bench Motors", email: "bench@example.com", days: 1 });
  const batch = () => Array.from({ length: VINS }, () => makeVin(seeds[Math.floor(Math.random() * seeds.length)]));
  const call = async (vins: string[]) => {
    const request = new Request("http://bench.local/api/dealer/v1/provision", {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ vins, decode: true }),
    });
    const started = performance.now();
    const response = await POST(request, { params: Promise.resolve({}) });
    const body = (await response.json()) as { results: { status: string; vehicle: unknown }[] };
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`provision answered ${response.status}: ${JSON.stringify(body)}`);
    return { ms, body };
  };

  const first = await call(batch());
  for (let i = 0; i < 2; i++) await call(batch());
  const times: number[] = [];
  let decoded = 0;
  let total = 0;
  const statuses: Record<string, number> = {};
  for (let i = 0; i < RUNS; i++) {
    const { ms, body } = await call(batch());
    times.push(ms);
    for (const r of body.results) {
      total++;
      if (r.vehicle) decoded++;
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  }
  // The decoder's share: the same work on fresh batches, decoding only.
  const decodeTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const vins = batch();
    const started = performance.now();
    for (const vin of vins) decodeVinWith(vpicData(), vin);
    decodeTimes.push(performance.now() - started);
  }
  decodeTimes.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const round = (n: number) => Math.round(n * 10) / 10;
  const figures = {
    bench: "provision, default mode, decode: true",
    vinsPerRequest: VINS,
    runs: RUNS,
    firstRequestMs: round(first.ms),
    medianMs: round(at(0.5)),
    p95Ms: round(at(0.95)),
    minMs: round(times[0]),
    maxMs: round(times[times.length - 1]),
    perVinMedianMs: Math.round((at(0.5) / VINS) * 1000) / 1000,
    decodeOnlyMedianMs: round(decodeTimes[Math.floor(decodeTimes.length / 2)]),
    decodedShare: Math.round((decoded / total) * 1000) / 1000,
    statuses,
    targetMedianMs: 100,
    pass: at(0.5) <= 100,
  };
  console.log(JSON.stringify(figures, null, 2));
  await disconnectDb();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
