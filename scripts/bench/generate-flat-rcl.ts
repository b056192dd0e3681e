/**
 * Writes a synthetic FLAT_RCL file (29-column layout, tab-separated, CRLF like NHTSA's) for the import
 * benchmark: `tsx scripts/bench/generate-flat-rcl.ts <out.txt> [rows]`. The rows are made up (clearly labelled
 * SYNTHETIC in their text) but shaped like real ones: one campaign spans several makes/models/years and
 * components, text fields are a few hundred characters.
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";

const MAKES: [string, string[]][] = [
  ["FORD", ["F-150", "ESCAPE", "EXPLORER", "MUSTANG", "TRANSIT"]],
  ["CHEVROLET", ["SILVERADO 1500", "EQUINOX", "MALIBU", "TAHOE"]],
  ["TOYOTA", ["CAMRY", "RAV4", "TACOMA", "HIGHLANDER"]],
  ["HONDA", ["ACCORD", "CIVIC", "CR-V", "PILOT"]],
  ["RAM", ["1500", "2500", "3500", "PROMASTER"]],
  ["HYUNDAI", ["ELANTRA", "SANTA FE", "TUCSON"]],
];
const COMPONENTS = [
  "ELECTRICAL SYSTEM:WIRING",
  "AIR BAGS:FRONTAL:DRIVER SIDE:INFLATOR MODULE",
  "SERVICE BRAKES, HYDRAULIC:FOUNDATION COMPONENTS",
  "STEERING:COLUMN",
  "FUEL SYSTEM, GASOLINE:DELIVERY:FUEL PUMP",
  "BACK OVER PREVENTION: SENSING SYSTEM: CAMERA",
];

export function* syntheticFlatRclLines(rows: number): Generator<string> {
  let id = 1;
  for (let c = 0; id <= rows; c++) {
    const camp = `${String(10 + (c % 15)).padStart(2, "0")}V${String(c).padStart(6, "0")}`;
    const [make, models] = MAKES[c % MAKES.length];
    const potaff = 1000 + ((c * 7919) % 900000);
    const rcdate = `20${10 + (c % 15)}${String(1 + (c % 12)).padStart(2, "0")}${String(1 + (c % 28)).padStart(2, "0")}`;
    const summary = `SYNTHETIC BENCHMARK ROW. ${make} IS RECALLING CERTAIN VEHICLES. `.repeat(4);
    const consequence = "SYNTHETIC: A FAILURE COULD INCREASE THE RISK OF A CRASH. ".repeat(3);
    const remedy = "SYNTHETIC: DEALERS WILL INSPECT AND REPAIR, FREE OF CHARGE. ".repeat(3);
    const notes = "SYNTHETIC: NOT REAL NHTSA DATA.";
    // ~150 rows per campaign: models × years × components, like a large real campaign.
    for (const model of models) {
      for (let y = 0; y < 10 && id <= rows; y++) {
        for (let k = 0; k < 3 && id <= rows; k++) {
          const comp = COMPONENTS[(c + k) % COMPONENTS.length];
          yield [
            id++,
            camp,
            make,
            model,
            2010 + ((c + y) % 16),
            `M${c}`,
            comp,
            `${make} MOTOR CO.`,
            "20190101",
            "20201231",
            "V",
            potaff,
            "20210301",
            "MFR",
            make,
            rcdate,
            rcdate,
            "573",
            "",
            summary,
            consequence,
            remedy,
            notes,
            `${c}${k}`.padStart(27, "0"),
            "",
            "",
            "",
            c % 50 === 0 ? "Yes" : "No",
            c % 40 === 0 ? "Yes" : "No",
          ].join("\t");
        }
      }
    }
  }
}

export async function writeSyntheticFlatRcl(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  for (const line of syntheticFlatRclLines(rows)) {
    if (!out.write(`${line}\r\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

if (require.main === module) {
  const [file, rows = "300000"] = process.argv.slice(2);
  if (!file) {
    console.error("usage: tsx scripts/bench/generate-flat-rcl.ts <out.txt> [rows]");
    process.exit(2);
  }
  writeSyntheticFlatRcl(file, Number(rows)).then(() => console.log(`${rows} rows written to ${file}`));
}
