/**
 * NHTSA SafetyRatings / complaints and fueleconomy.gov on loopback for the e2e app. NCAP answers
 * are real (the 2015 Audi A3, tests/fixtures/buyer-data/SOURCES.md); complaints and EPA records are constructed
 * in the sources' formats and say so. Other vehicles: NHTSA lists nothing tested, no complaints; EPA no make.
 */
import ncap from "../fixtures/buyer-data/ncap-2015-audi-a3.json";
import type { FakeServer } from "./fake-server";

/** A complaint as NHTSA's complaintsByVehicle lists it, constructed for the tests and saying so. */
export const complaint = (
  odiNumber: number,
  filed: string,
  components: string,
  extra: Record<string, unknown> = {},
) => ({
  odiNumber,
  manufacturer: "Volkswagen Group of America, Inc.",
  crash: false,
  fire: false,
  numberOfInjuries: 0,
  numberOfDeaths: 0,
  dateOfIncident: filed,
  dateComplaintFiled: filed,
  vin: "WAUAJGFF",
  components,
  summary: `Constructed test complaint ${odiNumber} (not NHTSA data).`,
  products: [],
  ...extra,
});

const A3_COMPLAINTS = [
  complaint(11000001, "03/02/2016", "ENGINE,FUEL/PROPULSION SYSTEM"),
  complaint(11000002, "07/15/2017", "ENGINE", { crash: true, numberOfInjuries: 1 }),
  complaint(11000003, "01/20/2018", "ELECTRICAL SYSTEM"),
  complaint(11000004, "05/05/2018", "ENGINE,EXHAUST SYSTEM"),
  complaint(11000005, "09/09/2019", "AIR BAGS"),
];

/** A 2015 Audi A3 variant as fueleconomy.gov's vehicle record names its fields; `o` sets the figures. */
export const epa = (id: number, model: string, o: Record<string, string>) => ({
  id: String(id),
  year: "2015",
  make: "Audi",
  model,
  baseModel: "A3",
  cylinders: "4",
  drive: "Front-Wheel Drive",
  trany: "Automatic (AM-S6)",
  atvType: "",
  range: "0",
  co2TailpipeGpm: "300",
  fuelCost08: "1500",
  ...o,
});
const EPA: Record<string, ReturnType<typeof epa>> = {
  "35001": epa(35001, "A3", {
    displ: "1.8",
    fuelType: "Premium",
    city08: "23",
    highway08: "33",
    comb08: "27",
    fuelCost08: "1700",
  }),
  "35003": epa(35003, "A3", {
    displ: "2.0",
    fuelType: "Diesel",
    atvType: "Diesel",
    city08: "31",
    highway08: "43",
    comb08: "36",
    fuelCost08: "1250",
  }),
};

/** Adds the SafetyRatings and complaints endpoints to the e2e NHTSA fake. */
export function serveNhtsaBuyerData(nhtsa: FakeServer): void {
  nhtsa.on("GET", /^\/SafetyRatings\//, (req) => {
    if (req.path === "/SafetyRatings/modelyear/2015/make/AUDI/model/A3") return { body: ncap.variants };
    const id = req.path.match(/^\/SafetyRatings\/VehicleId\/(\d+)$/)?.[1];
    if (id && id in ncap.vehicles) return { body: ncap.vehicles[id as keyof typeof ncap.vehicles] };
    return { body: { Count: 0, Message: "No results found for this request", Results: [] } };
  });
  nhtsa.on("GET", "/complaints/complaintsByVehicle", (req) => {
    const a3 =
      req.query.get("make")?.toUpperCase() === "AUDI" &&
      req.query.get("model")?.toUpperCase() === "A3" &&
      req.query.get("modelYear") === "2015";
    const results = a3 ? A3_COMPLAINTS : [];
    return { body: { count: results.length, message: "Results returned successfully", results } };
  });
}

/** fueleconomy.gov's web services for the 2015 Audi A3. */
export function serveFuelEconomy(fe: FakeServer): void {
  fe.on("GET", /.*/, (req) => {
    if (req.path === "/vehicle/menu/make")
      return { body: req.query.get("year") === "2015" ? { menuItem: [{ text: "Audi", value: "Audi" }] } : {} };
    if (req.path === "/vehicle/menu/model") return { body: { menuItem: { text: "A3", value: "A3" } } };
    if (req.path === "/vehicle/menu/options")
      return { body: { menuItem: Object.values(EPA).map((r) => ({ text: r.trany, value: r.id })) } };
    const id = req.path.match(/^\/vehicle\/(\d+)$/)?.[1];
    if (id && EPA[id]) return { body: EPA[id] };
    return { status: 404, body: {} };
  });
}
