/**
 * What an integrator writes after `npx openapi-typescript <document> -o schema.d.ts`: calls through
 * openapi-fetch, typed by the generated `paths`. tests/contract.test.ts generates schema.d.ts from the document
 * the app serves, compiles this file with tsc and runs it against the app:
 *
 *   node client.mjs <base URL> <a decodable VIN> <a VIN whose manufacturer code is unknown>
 *
 * It prints what it saw as one JSON object. A drift between the document and what a client must send or reads
 * fails the compile (the calls below, and the type checks at the top); a drift between the document and what
 * the app answers shows in the printed values.
 */
import createClient from "openapi-fetch";
import type { components, operations, paths } from "./schema.js";

// Type checks over every operation of the generated types: each holds only if the document says so.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Operation = operations[keyof operations];
type ParametersIn<O, Where extends "path" | "query"> = O extends { parameters: { [K in Where]?: infer P } } ? NonNullable<P> : never;
type Named<P, N extends string> = P extends unknown ? (N extends keyof P ? P[N] : never) : never;
type SectionFlag = "pricing" | "recalls" | "insight" | "safetyRatings" | "complaints" | "fuelEconomy";

/** Every `year` parameter, in a path or a query, is a number. */
const yearsAreNumbers: Equal<NonNullable<Named<ParametersIn<Operation, "path"> | ParametersIn<Operation, "query">, "year">>, number> = true;
/** Every section flag is a boolean. */
const flagsAreBooleans: Equal<NonNullable<Named<ParametersIn<Operation, "query">, SectionFlag>>, boolean> = true;
/** A decode's year stays text (the decode's contract); a make is the one named type. */
const decodedYearIsText: Equal<components["schemas"]["DecodedVehicle"]["year"], string> = true;
const makeIsOneType: Equal<components["schemas"]["PricingResponse"]["make"], components["schemas"]["MakeName"]> = true;
void [yearsAreNumbers, flagsAreBooleans, decodedYearIsText, makeIsOneType];

const [baseUrl, vin, unknownVin] = process.argv.slice(2);
const client = createClient<paths>({ baseUrl });

async function main() {
  const report = await client.GET("/api/public/vin/{vin}", { params: { path: { vin }, query: { pricing: false, insight: false } } });
  const pricing = await client.GET("/api/public/pricing/{make}/{model}/{year}", { params: { path: { make: "toyota", model: "camry", year: 2024 } } });
  const recalls = await client.GET("/api/recalls", { params: { query: { make: "toyota", model: "camry", year: 2024 } } });
  const batch = await client.GET("/api/public/vins", { params: { query: { vins: `${vin},${unknownVin}`, recalls: true } } });
  const missing = await client.GET("/api/public/vin/{vin}", { params: { path: { vin: unknownVin } } });

  // A 404 is the typed problem, with its documented reason.
  const problem: components["schemas"]["Problem"] | undefined = missing.error;
  const reason: components["schemas"]["ProblemReason"] | undefined = problem?.reason;
  const recallList = recalls.data && "count" in recalls.data ? recalls.data : undefined;

  const seen = {
    decode: report.data && {
      status: report.response.status,
      make: report.data.decoded.make,
      year: report.data.decoded.year,
      sections: { pricing: "pricing" in report.data, insight: "insight" in report.data, recalls: "recalls" in report.data },
    },
    pricing: pricing.data && { status: pricing.response.status, make: pricing.data.make, year: pricing.data.year, sampleSize: pricing.data.sampleSize },
    recalls: recallList && { status: recalls.response.status, make: recallList.make, year: recallList.year },
    batch: batch.data && {
      status: batch.response.status,
      sections: batch.data.sections,
      results: batch.data.results.map((entry) => (entry.ok ? { ok: true, make: entry.report.decoded.make } : { ok: false, reason: entry.problem.reason })),
    },
    notFound: { status: missing.response.status, problemStatus: problem?.status, reason },
  };
  console.log(JSON.stringify(seen));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
