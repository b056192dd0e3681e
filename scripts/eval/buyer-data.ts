/**
 * npm run eval:buyer-data [-- <vin_truth.json>]   (default ../shared/data/vin_truth_dev.json: 310 real VINs
 * with NHTSA's own decode)
 *
 * How well the 310 real VINs match each buyer-data source, measured with what this machine has:
 * 1. What each matcher needs, as the service's local decode gives it (lib/vin, vPIC data) and as NHTSA's own
 *    decoder gave it (the truth file): year/make/model for all three; body and drive for NCAP; displacement,
 *    cylinders, drive, fuel and transmission for EPA. An unknown attribute excludes nothing, so it widens the
 *    candidates instead of picking one.
 * 2. The match itself, against data in the database (DATABASE_URL, as the app uses it): EPA variants imported
 *    from vehicles.csv (npm run import:fuel-economy), complaints from FLAT_CMPL (npm run import:complaints),
 *    NCAP answers stored from the SafetyRatings API. The sources are asked offline only (their *_API_BASE_URL
 *    are forced off here): with nothing imported, the rates say so instead of pretending.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

process.env.RATINGS_API_BASE_URL = "off";
process.env.COMPLAINTS_API_BASE_URL = "off";
process.env.FUEL_ECONOMY_API_BASE_URL = "off";
process.env.VPIC_API_BASE_URL = "off";
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "silent";

type Truth = Record<string, string>;

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "n/a");

async function main() {
  const { decodeVinWith, vpicData } = await import("../../lib/vin");
  const { vinTraits, bodyKind, fuelKind } = await import("../../lib/vin");
  const { normalizeDriveType } = await import("../../lib/vin");
  const { fuelEconomyForVehicle } = await import("../../lib/fuel-economy");
  const { complaintsForVehicle } = await import("../../lib/complaints");
  const { safetyRatingsForVehicle } = await import("../../lib/ratings");
  const { db, disconnectDb } = await import("../../lib/db");

  const file = process.argv[2] ?? path.resolve(process.cwd(), "../../shared/data/vin_truth_dev.json");
  const truth = JSON.parse(readFileSync(file, "utf8")) as Truth[];
  const n = truth.length;
  const have = { ymm: 0, body: 0, drive: 0, displ: 0, cyl: 0, fuel: 0, trans: 0, allEpa: 0 };
  const truthHave = { body: 0, drive: 0, displ: 0, cyl: 0, fuel: 0, trans: 0, allEpa: 0 };
  const epa = { one: 0, several: 0, none: 0, noData: 0 };
  const ncap = { one: 0, several: 0, none: 0, noData: 0 };
  let complaintsKnown = 0;
  const counts = {
    epaRows: await db()
      .epaVehicle.count()
      .catch(() => 0),
    complaintRows: await db()
      .complaint.count()
      .catch(() => 0),
    ncapAnswers: await db()
      .sourceAnswer.count({ where: { source: "ncap" } })
      .catch(() => 0),
  };

  for (const t of truth) {
    // Truth side: what NHTSA's full decoder knows (corgi's local cut lacks drive type and transmission style).
    const tDrive = normalizeDriveType(t.DriveType);
    const tKnown = {
      body: bodyKind(t.BodyClass) !== null,
      drive: tDrive !== null,
      displ: !!t.DisplacementL,
      cyl: !!t.EngineCylinders,
      fuel: fuelKind(t.FuelTypePrimary) !== null,
      trans: !!t.TransmissionStyle,
    };
    for (const k of Object.keys(tKnown) as Array<keyof typeof tKnown>) if (tKnown[k]) truthHave[k]++;
    if (tKnown.displ && tKnown.cyl && tKnown.drive && tKnown.fuel && tKnown.trans) truthHave.allEpa++;

    const r = decodeVinWith(vpicData(), t.VIN);
    if (!r.ok || !r.decoded.model) continue;
    have.ymm++;
    const traits = vinTraits(r.decoded, r.elements);
    if (traits.body) have.body++;
    if (traits.drive) have.drive++;
    if (traits.displacementLiters !== null) have.displ++;
    if (traits.cylinders !== null) have.cyl++;
    if (traits.fuel) have.fuel++;
    if (traits.transmission) have.trans++;
    if (
      traits.displacementLiters !== null &&
      traits.cylinders !== null &&
      traits.drive &&
      traits.fuel &&
      traits.transmission
    )
      have.allEpa++;

    const q = { year: Number(r.decoded.year), make: r.decoded.make, model: r.decoded.model };
    const marks = { decoded: r.decoded, elements: r.elements };
    if (counts.epaRows) {
      const s = await fuelEconomyForVehicle(q, marks);
      if (s.status === "unavailable") epa.noData++;
      else epa[s.selection ?? "none"]++;
    }
    if (counts.complaintRows) {
      const s = await complaintsForVehicle(q);
      if (s.count !== null) complaintsKnown++;
    }
    if (counts.ncapAnswers) {
      const s = await safetyRatingsForVehicle(q, marks);
      if (s.status === "unavailable") ncap.noData++;
      else ncap[s.selection ?? "none"]++;
    }
  }

  const line = (label: string, local: number, nhtsa: number | null) =>
    console.log(
      `  ${label.padEnd(34)} ${pct(local, n).padStart(7)} ${nhtsa === null ? "" : pct(nhtsa, n).padStart(12)}`,
    );
  console.log(`${n} real VINs (${path.basename(file)})\n`);
  console.log(`What the matchers need, known for          local  NHTSA decoder`);
  line("year/make/model (all three sources)", have.ymm, null);
  line("body class (NCAP)", have.body, truthHave.body);
  line("drive type (NCAP, EPA)", have.drive, truthHave.drive);
  line("displacement (EPA)", have.displ, truthHave.displ);
  line("cylinders (EPA)", have.cyl, truthHave.cyl);
  line("fuel (EPA)", have.fuel, truthHave.fuel);
  line("transmission (EPA)", have.trans, truthHave.trans);
  line("all five EPA attributes", have.allEpa, truthHave.allEpa);
  console.log("");
  const rates = (
    name: string,
    rows: number,
    r: { one: number; several: number; none: number; noData: number },
    hint: string,
  ) => {
    if (!rows) return console.log(`${name}: no data in the database (${hint}); match rate not measurable here`);
    console.log(
      `${name} (${rows} rows/answers in the database): one variant ${pct(r.one, n)}, several candidates ${pct(r.several, n)}, ` +
        `none fits ${pct(r.none, n)}, vehicle not covered ${pct(r.noData, n)}; matched (one or several) ${pct(r.one + r.several, n)}`,
    );
  };
  rates("EPA fuel economy", counts.epaRows, epa, "npm run import:fuel-economy -- vehicles.csv.zip");
  rates(
    "NCAP ratings",
    counts.ncapAnswers,
    ncap,
    "answers are stored as the SafetyRatings API is asked; NHTSA publishes no ratings file to import",
  );
  if (!counts.complaintRows)
    console.log(
      "Complaints: no FLAT_CMPL rows in the database (npm run import:complaints -- FLAT_CMPL.zip); coverage not measurable here",
    );
  else
    console.log(
      `Complaints (${counts.complaintRows} FLAT_CMPL rows): year/make/model found for ${pct(complaintsKnown, n)}`,
    );
  await disconnectDb();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
