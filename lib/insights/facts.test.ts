/**
 * Facts from the real pricing and recall stores on a fresh SQLite database (NHTSA offline): verified deals and
 * imported recalls become facts, demo deals never do, and a source with nothing known is left out.
 */
import { createTempDb } from "../../tests/support/recalls-temp-db";
import { db } from "../db";
import { importDeals } from "../pricing";
import { seedDemoDeals } from "../pricing";
import { upsertRecalls } from "../recalls";
import type { RecallRecord } from "../recalls";
import { componentLabel, gatherFacts, type FactsInput } from "./facts";
import type { VpicVariants } from "./vpic-variants";

process.env.NHTSA_API_BASE_URL = "off";
process.env.LOG_LEVEL = "silent";

let temp: ReturnType<typeof createTempDb>;
beforeAll(() => {
  temp = createTempDb();
});
afterAll(async () => {
  await temp.cleanup();
});

const variants = (year: number, make: string, model: string): VpicVariants => ({
  make,
  model,
  year,
  modelSeenInYear: true,
  bodyStyles: ["Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)"],
  fuelTypes: ["Gasoline"],
  engines: ["2.5 L, 4 cylinders"],
  electrification: [],
});
const input = (year: number, make: string, model: string): FactsInput => ({
  year,
  make,
  model,
  variants: variants(year, make, model),
});

const recall = (campaignNumber: string, component: string, flags: Partial<RecallRecord> = {}): RecallRecord => ({
  campaignNumber,
  manufacturer: "Mazda North American Operations",
  component,
  summary: "Summary.",
  consequence: "Consequence.",
  remedy: "Remedy.",
  notes: "",
  reportReceivedDate: "2025-05-01",
  parkIt: false,
  parkOutside: false,
  overTheAirUpdate: false,
  potentiallyAffected: 1000,
  make: "MAZDA",
  model: "CX-5",
  year: 2025,
  ...flags,
});

test("verified deals and imported recalls become facts", async () => {
  const csv = [
    "deal_id,vin,year,make,model,trim,state,msrp,selling_price,deal_type,purchase_date,source",
    ...Array.from(
      { length: 12 },
      (_, i) =>
        `f-${i},,2025,Mazda,CX-5,2.5 S,CA,${31000 + i * 100},${29000 + i * 100},cash,2025-03-0${(i % 9) + 1},purchase-contract`,
    ),
  ].join("\n");
  expect((await importDeals(db(), csv)).ok).toBe(true);
  await upsertRecalls(
    [
      recall("25V100000", "AIR BAGS:FRONTAL:DRIVER SIDE", { parkIt: true }),
      recall("25V200000", "AIR BAGS:SIDE/WINDOW", { overTheAirUpdate: true }),
      recall("25V300000", "STEERING", { parkOutside: true }),
    ],
    "csv_import",
  );

  const facts = await gatherFacts(input(2025, "MAZDA", "CX-5"));
  expect(facts).toMatchObject({
    year: 2025,
    make: "Mazda",
    model: "CX-5",
    pricing: { sampleSize: 12, dataStatus: "sufficient", averageSellingPrice: 29550, averageMsrp: 31550 },
    recalls: { count: 3, parkIt: 1, parkOutside: 1, overTheAirUpdate: 1, components: ["air bags", "steering"] },
  });
});

test("no deals is a fact (sample size 0); unknown recalls are left out", async () => {
  const facts = await gatherFacts(input(2023, "KIA", "Telluride"));
  expect(facts.pricing).toEqual(
    expect.objectContaining({ sampleSize: 0, dataStatus: "none", averageSellingPrice: null }),
  );
  expect(facts.recalls).toBeNull();
  expect(facts.make).toBe("Kia");
});

test("generated demo deals never become facts", async () => {
  // A database of its own: the demo set is seeded into an empty one only.
  await temp.cleanup();
  temp = createTempDb();
  expect((await seedDemoDeals(db(), 2000)).seeded).toBe(true);
  const deal = await db().deal.findFirstOrThrow({ select: { year: true, make: true, model: true } });
  const facts = await gatherFacts(input(deal.year, deal.make.toUpperCase(), deal.model));
  expect(facts.pricing).toBeNull();
});

test("component labels", () => {
  expect(componentLabel("AIR BAGS:FRONTAL:DRIVER SIDE INFLATOR MODULE")).toBe("air bags");
  expect(componentLabel("SEAT BELTS/REAR <script>")).toBe("seat belts/rear script");
  expect(componentLabel("")).toBeNull();
});
