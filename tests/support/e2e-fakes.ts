/**
 * Loopback fakes for the e2e app: each outside system the pages reach gets a fake here, programmed with
 * realistic answers, and its base URL goes into the app's environment.
 */
import { serveFakeAnthropic } from "./fake-anthropic";
import { startFakeServer, type FakeServer, type FakeRequest } from "./fake-server";
import { serveFuelEconomy, serveNhtsaBuyerData } from "./buyer-data-fakes";

/** Recall rows in NHTSA's recallsByVehicle shape, per "YEAR|MAKE|MODEL" as NHTSA names the vehicle. */
const NHTSA_RECALLS: Record<string, Record<string, unknown>[]> = {
  "2022|HONDA|CIVIC": [
    nhtsaRow("22V001000", "HONDA", "CIVIC", "2022", "04/01/2022", "STEERING:COLUMN", { parkIt: false }),
    nhtsaRow("22V002000", "HONDA", "CIVIC", "2022", "21/07/2022", "ELECTRICAL SYSTEM:SOFTWARE", {
      parkIt: true,
      overTheAirUpdate: true,
    }),
  ],
  "2024|TOYOTA|CAMRY": [
    nhtsaRow("24V800000", "TOYOTA", "CAMRY", "2024", "12/09/2024", "ELECTRICAL SYSTEM:WIRING", {
      parkOutSide: true,
      Manufacturer: "Toyota Motor Engineering & Manufacturing",
    }),
  ],
  "2003|HONDA|ACCORD": [
    nhtsaRow("03V003000", "HONDA", "ACCORD", "2003", "15/05/2003", "FUEL SYSTEM, GASOLINE", { parkOutSide: true }),
  ],
};

function nhtsaRow(
  camp: string,
  make: string,
  model: string,
  year: string,
  received: string,
  component: string,
  flags: Record<string, boolean | string>,
) {
  return {
    Manufacturer: "American Honda Motor Co.",
    NHTSACampaignNumber: camp,
    parkIt: false,
    parkOutSide: false,
    overTheAirUpdate: false,
    ...flags,
    ReportReceivedDate: received,
    Component: component,
    Summary: `${make} is recalling certain ${year} ${model} vehicles (e2e fixture ${camp}).`,
    Consequence: "This can increase the risk of a crash.",
    Remedy: "Dealers will repair the vehicles, free of charge.",
    Notes: "Owners may also contact NHTSA's Vehicle Safety Hotline at 1-888-327-4236.",
    ModelYear: year,
    Make: make,
    Model: model,
  };
}

/** NHTSA's recalls API: model names per year/make, recalls per vehicle; make TESLA answers 500 (outage). */
async function startNhtsaFake(): Promise<FakeServer> {
  const nhtsa = await startFakeServer();
  const down = (req: FakeRequest) => req.query.get("make")?.toUpperCase() === "TESLA";
  nhtsa.on("GET", "/products/vehicle/models", (req) => {
    if (down(req)) return { status: 500, body: { Message: "Internal error" } };
    const prefix = `${req.query.get("modelYear")}|${req.query.get("make")?.toUpperCase()}|`;
    const results = Object.keys(NHTSA_RECALLS)
      .filter((k) => k.startsWith(prefix))
      .map((k) => ({ modelYear: k.split("|")[0], make: k.split("|")[1], model: k.split("|")[2] }));
    return { body: { Count: results.length, Message: "Results returned successfully", results } };
  });
  nhtsa.on("GET", "/recalls/recallsByVehicle", (req) => {
    if (down(req)) return { status: 500, body: { Message: "Internal error" } };
    const key = `${req.query.get("modelYear")}|${req.query.get("make")?.toUpperCase()}|${req.query.get("model")?.toUpperCase()}`;
    const results = NHTSA_RECALLS[key] ?? [];
    return { body: { Count: results.length, Message: "Results returned successfully", results } };
  });
  return nhtsa;
}

export async function startE2eFakes(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const servers: FakeServer[] = [];
  const env: Record<string, string> = {};
  const nhtsa = await startNhtsaFake();
  servers.push(nhtsa);
  env.NHTSA_API_BASE_URL = nhtsa.url;
  // Buyer data: NCAP ratings and complaints on the same NHTSA fake, fuel economy on a fueleconomy.gov fake.
  serveNhtsaBuyerData(nhtsa);
  env.RATINGS_API_BASE_URL = nhtsa.url;
  env.COMPLAINTS_API_BASE_URL = nhtsa.url;
  const fueleconomy = await startFakeServer();
  serveFuelEconomy(fueleconomy);
  servers.push(fueleconomy);
  env.FUEL_ECONOMY_API_BASE_URL = fueleconomy.url;

  // Anthropic Messages API: insights written from the facts of the request (model id claude-fake-1).
  const anthropic = await startFakeServer();
  serveFakeAnthropic(anthropic);
  servers.push(anthropic);
  env.ANTHROPIC_API_KEY = "e2e-dummy-key";
  env.ANTHROPIC_BASE_URL = anthropic.url;
  return {
    env,
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}
