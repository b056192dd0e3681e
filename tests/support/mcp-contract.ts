/**
 * What every MCP transport must do, written once and run over stdio and over HTTP (tests/mcp-*.test.ts):
 * the tools listed with their schemas, and every tool called with good and bad arguments. The SDK client
 * itself checks each structuredContent against the listed output schema (ajv); the tests parse it with the
 * zod schemas of lib/api as well.
 *
 * The world the contract expects: NHTSA faked by `fakeNhtsa` (one recall for the 2003 Honda Accord, none for
 * the 2022 Ford F-150 or Acura MDX, an outage for the 2021 Dodge Durango; NCAP ratings and five complaints for
 * the 2015 Audi A3), fueleconomy.gov by `fakeFuelEconomy` (two 2015 A3 variants), the deals of
 * tests/fixtures/mcp/deals.csv (5 for the 2024 Honda Accord, 4 for the 2022 Acura MDX), no AI model key, and
 * the bundled vPIC data (real: the 2022 Honda list, the CR-Z's years).
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { MakesResponse, ModelsResponse, WmiResponse } from "../../lib/vin";
import { ComplaintsResponse, FuelEconomyResponse, SafetyRatingsResponse } from "../../lib/sources";
import { InsightResponse } from "../../lib/insights";
import { AboutService, CheckDigitResult, MCP_TOOL_NAMES } from "../../lib/mcp";
import { MarketOverview } from "../../lib/pricing";
import { RecallCampaignResponse } from "../../lib/recalls";
import { VehicleReport } from "../../lib/report";
import { serveFuelEconomy, serveNhtsaBuyerData } from "./buyer-data-fakes";
import { PricingResponse } from "../../lib/pricing";
import { RecallsResponse } from "../../lib/recalls";
import { VinBatchResponse } from "../../lib/report";
import { VinDecodeResponse } from "../../lib/report";
import type { FakeServer } from "./fake-server";

/** Every tool, by name (sorted): a tool missing from the server fails the contract. */
export const MCP_TOOLS = [
  "about_service",
  "check_canada_recalls",
  "check_recalls",
  "decode_vin",
  "decode_vins",
  "get_complaints",
  "get_fuel_economy",
  "get_investigations",
  "get_market_overview",
  "get_pricing",
  "get_recall_campaign",
  "get_safety_ratings",
  "get_service_bulletins",
  "get_vehicle_insight",
  "list_makes",
  "list_models",
  "lookup_wmi",
  "validate_vin_check_digit",
];

/** The env that points the app's buyer-data clients at the contract's fakes. */
export const buyerDataEnv = (nhtsa: FakeServer, fueleconomy: FakeServer) => ({
  RATINGS_API_BASE_URL: nhtsa.url,
  COMPLAINTS_API_BASE_URL: nhtsa.url,
  FUEL_ECONOMY_API_BASE_URL: fueleconomy.url,
});

export const fakeFuelEconomy = serveFuelEconomy;

/** A real VIN of a 2003 Honda Accord (check digit 3). */
export const ACCORD_VIN = "1HGCM82633A004352";
/** A real VIN of a 2022 Acura MDX (the fixture deals price it). */
const MDX_VIN = "5J8YE1H8XNL052358";

const recallRow = (year: string) => ({
  Manufacturer: "Honda (American Honda Motor Co.)",
  NHTSACampaignNumber: "03V999000",
  parkIt: true,
  parkOutSide: true,
  overTheAirUpdate: false,
  ReportReceivedDate: "05/09/2024",
  Component: "AIR BAGS",
  Summary: "The inflator may rupture.",
  Consequence: "Metal fragments may strike occupants.",
  Remedy: "Dealers will replace the inflator.",
  Notes: "",
  ModelYear: year,
  Make: "HONDA",
  Model: "ACCORD",
});

export function fakeNhtsa(nhtsa: FakeServer): void {
  serveNhtsaBuyerData(nhtsa);
  nhtsa.on("GET", "/products/vehicle/models", (req) => {
    const make = req.query.get("make")!.toUpperCase();
    if (make === "DODGE") return { status: 503, body: {} };
    const models = make === "HONDA" ? ["ACCORD"] : make === "FORD" ? ["F-150"] : [];
    return {
      body: {
        Count: models.length,
        Message: "Results returned successfully",
        results: models.map((model) => ({ modelYear: req.query.get("modelYear"), make, model })),
      },
    };
  });
  nhtsa.on("GET", "/recalls/recallsByVehicle", (req) => {
    const model = req.query.get("model")!.toUpperCase();
    const results = model === "ACCORD" ? [recallRow(req.query.get("modelYear")!)] : [];
    return { body: { Count: results.length, Message: "Results returned successfully", results } };
  });
  // NHTSA fails every question about a Dodge: its recalls and ratings are not known.
  nhtsa.on("GET", /^\/SafetyRatings\/modelyear\/\d+\/make\/dodge\//i, () => ({ status: 503, body: {} }));
}

/** A real VIN of a 2011 Dodge Avenger: NHTSA fails every question about it here. */
const DODGE_VIN = "1B3BD1FG9BN510278";

/** What no text for people or agents carries: a reason code, a wait in milliseconds, an instruction. */
const NOT_FOR_PEOPLE = /\b[a-z]+_[a-z_]+\b|within \d+ ms|ask again/;

type ToolResult = Awaited<ReturnType<Client["callTool"]>>;
const texts = (r: ToolResult) =>
  ((r as { content?: unknown }).content as { type: string; text: string }[]).map((c) => c.text);

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return client.callTool({ name, arguments: args });
}

function expectError(result: ToolResult, message: RegExp): void {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(texts(result)[0]).toMatch(message);
}

/** Registers the contract's tests; `client()` gives the connected client of the transport under test. */
export function mcpToolContract(client: () => Client): void {
  test("lists exactly the tools, each with object input and output schemas", async () => {
    const { tools } = await client().listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(MCP_TOOLS);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description).toBeTruthy();
    }
    expect(Object.keys(byName.check_recalls.inputSchema.properties ?? {}).sort()).toEqual([
      "make",
      "model",
      "vin",
      "year",
    ]);
    expect(byName.get_pricing.inputSchema.required?.sort()).toEqual(["make", "model", "year"]);
    expect(byName.validate_vin_check_digit.inputSchema.required).toEqual(["vin"]);
    expect(Object.keys(byName.get_pricing.outputSchema?.properties ?? {})).toEqual(
      expect.arrayContaining([
        "averageSellingPrice",
        "averageDiscountPercent",
        "priceBand",
        "topTrims",
        "sampleSize",
        "dataStatus",
      ]),
    );
  });

  test("decode_vin: the VIN report with pricing and recalls, insight off", async () => {
    const result = await call(client(), "decode_vin", { vin: MDX_VIN.toLowerCase(), insight: false });
    expect(result.isError).toBeFalsy();
    const body = VinDecodeResponse.parse(result.structuredContent);
    expect(body).toMatchObject({ vin: MDX_VIN, decoded: { year: "2022", make: "Acura", model: "MDX" } });
    expect(body.permalink).toMatch(new RegExp(`/vin/${MDX_VIN}$`));
    expect(body.pricing).toMatchObject({
      available: true,
      sampleSize: 4,
      dataStatus: "limited",
      averageSellingPrice: 56400,
    });
    expect(body.recalls).toMatchObject({ count: 0, status: "ok" });
    expect(body).not.toHaveProperty("insight");
    expect(body.vinCheck.checkDigit).toMatchObject({ valid: true, expected: "X" });
    expect(texts(result)[0]).toMatch(/^VIN 5J8YE1H8XNL052358: 2022 Acura MDX/);
    expect(texts(result)[0]).toMatch(/Pricing from 4 deals \(limited: 4-9\): average selling price \$56,400/);
    expect(texts(result)[0]).not.toMatch(/demo/);
  });

  test("decode_vin: recall flags and the insight; a section switched off is left out", async () => {
    const result = await call(client(), "decode_vin", { vin: ACCORD_VIN, pricing: false });
    const body = VinDecodeResponse.parse(result.structuredContent);
    expect(body).not.toHaveProperty("pricing");
    expect(body.recalls?.items[0]).toMatchObject({ campaignNumber: "03V999000", parkIt: true, parkOutside: true });
    expect(body).toHaveProperty("insight");
    if (body.insight) expect(body.insight.text.length).toBeGreaterThan(0);
    expect(texts(result)[0]).toMatch(/03V999000 \[DO NOT DRIVE, PARK OUTSIDE\]/);
  });

  test("decode_vins: many VINs in input order, each its report or its problem; sections off by default", async () => {
    const result = await call(client(), "decode_vins", {
      vins: [MDX_VIN, "5J8YE1H8XNL05235", ACCORD_VIN.toLowerCase(), "1ZZZZ99999Z999999"],
    });
    expect(result.isError).toBeFalsy();
    const body = VinBatchResponse.parse(result.structuredContent);
    expect(body.results.map((r) => r.status)).toEqual([200, 400, 200, 404]);
    const first = body.results[0];
    expect(first.ok && first.report.decoded.make).toBe("Acura");
    expect(first.ok && first.report.pricing).toBeUndefined();
    expect(texts(result)[0]).toMatch(/2 of 4 VINs decoded/);
    expectError(await call(client(), "decode_vins", { vins: Array(51).fill(ACCORD_VIN) }), /50/);
  });

  test("decode_vin: malformed, undecodable and mistyped arguments are error results", async () => {
    expectError(await call(client(), "decode_vin", { vin: "5J8YE1H8XNL05235" }), /17 characters, got 16/);
    expectError(await call(client(), "decode_vin", { vin: "5J8YE1H8XNL05235Q" }), /I, O|Q/);
    expectError(await call(client(), "decode_vin", { vin: "1ZZZZ99999Z999999", insight: false }), /cannot be decoded/);
    expectError(await call(client(), "decode_vin", { vin: MDX_VIN, pricing: "yes" }), /pricing/);
  });

  test("validate_vin_check_digit: valid, mistyped, malformed", async () => {
    const ok = await call(client(), "validate_vin_check_digit", { vin: ACCORD_VIN.toLowerCase() });
    expect(CheckDigitResult.parse(ok.structuredContent)).toMatchObject({
      vin: ACCORD_VIN,
      valid: true,
      expected: "3",
      actual: "3",
    });
    expect(texts(ok)[0]).toMatch(/check digit valid/);
    const typo = await call(client(), "validate_vin_check_digit", { vin: "1HGCM82643A004352" });
    expect(CheckDigitResult.parse(typo.structuredContent)).toMatchObject({
      valid: false,
      expected: "3",
      actual: "4",
      reason: "check_digit_mismatch",
    });
    expectError(await call(client(), "validate_vin_check_digit", { vin: "1HGCM826" }), /17 characters, got 8/);
    expectError(await call(client(), "validate_vin_check_digit", {}), /vin/);
  });

  test("check_recalls by VIN: the decoded vehicle's campaigns with severity flags", async () => {
    const result = await call(client(), "check_recalls", { vin: ACCORD_VIN });
    expect(result.isError).toBeFalsy();
    const body = RecallsResponse.parse(result.structuredContent);
    expect(body).toMatchObject({ vin: ACCORD_VIN, year: 2003, make: "Honda", count: 1, status: "ok" });
    expect(body.items[0]).toMatchObject({
      campaignNumber: "03V999000",
      parkIt: true,
      parkOutside: true,
      overTheAirUpdate: false,
    });
    expect(texts(result)[0]).toMatch(/03V999000.*DO NOT DRIVE, PARK OUTSIDE/);
  });

  test("check_recalls by year/make/model: zero recalls is an answer", async () => {
    const none = await call(client(), "check_recalls", { year: 2022, make: "ford", model: "f-150" });
    expect(RecallsResponse.parse(none.structuredContent)).toMatchObject({
      year: 2022,
      make: "Ford",
      count: 0,
      items: [],
      status: "ok",
    });
  });

  test("an answer not known is a result, the same in check_recalls and get_safety_ratings: unavailable, null, not an error", async () => {
    const vehicle = { year: 2021, make: "Dodge", model: "Durango" };
    const recalls = await call(client(), "check_recalls", vehicle);
    const ratings = await call(client(), "get_safety_ratings", vehicle);
    expect(recalls.isError ?? false).toBe(false);
    expect(ratings.isError ?? false).toBe(false);
    expect(RecallsResponse.parse(recalls.structuredContent)).toMatchObject({ status: "unavailable", count: null });
    expect(SafetyRatingsResponse.parse(ratings.structuredContent)).toMatchObject({
      status: "unavailable",
      variants: [],
    });
    expect(texts(recalls)[0]).toMatch(/^Recalls of the 2021 Dodge Durango: not known; NHTSA answered with an error/);
    expect(texts(ratings)[0]).toBe(
      "2021 Dodge Durango. NCAP ratings: not known; NHTSA answered with an error, and no earlier answer is stored.",
    );
    for (const r of [recalls, ratings]) expect(texts(r).join("\n")).not.toMatch(NOT_FOR_PEOPLE);
  });

  test("decode_vin of a VIN whose sections are not known: facts, no wait in ms, no instruction, no code", async () => {
    const result = await call(client(), "decode_vin", { vin: DODGE_VIN, pricing: false, insight: false });
    expect(result.isError).toBeFalsy();
    const body = VinDecodeResponse.parse(result.structuredContent);
    expect(["unavailable", "pending"]).toContain(body.recalls?.status);
    expect(["unavailable", "pending"]).toContain(body.safetyRatings?.status);
    const text = texts(result)[0];
    expect(text).toMatch(/^Recalls: not known/m);
    expect(text).toMatch(/^NCAP ratings: not known/m);
    expect(text).not.toMatch(NOT_FOR_PEOPLE);
    expect(text).not.toMatch(/within 0 ms/);
  });

  test("check_recalls: bad arguments are error results", async () => {
    expectError(await call(client(), "check_recalls", {}), /give a vin, or make, model and year/);
    expectError(await call(client(), "check_recalls", { year: 2022, make: "Ford" }), /model: is required/);
    expectError(
      await call(client(), "check_recalls", { vin: "1HGCM82633A00435I" }),
      /letters I, O and Q never appear in a VIN; found at position 17/,
    );
    expectError(await call(client(), "check_recalls", { year: "soon", make: "Ford", model: "F-150" }), /year/);
    expectError(await call(client(), "check_recalls", { vin: "1ZZZZ99999Z999999" }), /could not be decoded/);
  });

  test("get_pricing: figures of the imported deals, by name or slug, nationally and per state", async () => {
    const result = await call(client(), "get_pricing", { make: "Honda", model: "Accord", year: 2024 });
    expect(result.isError).toBeFalsy();
    const body = PricingResponse.parse(result.structuredContent);
    expect(body).toMatchObject({
      make: "Honda",
      model: "Accord",
      year: 2024,
      state: null,
      sampleSize: 5,
      dataStatus: "limited",
      averageSellingPrice: 30040,
    });
    expect(body.priceBand).not.toBeNull();
    expect(body.topTrims.map((t) => t.trim)).toEqual(["EX", "Sport", "EX-L"]);
    expect(texts(result)[0]).toMatch(/5 deals \(limited: 4-9\)\./);
    const ca = await call(client(), "get_pricing", { make: "honda", model: "accord", year: 2024, state: "ca" });
    expect(PricingResponse.parse(ca.structuredContent)).toMatchObject({
      state: "CA",
      sampleSize: 3,
      dataStatus: "insufficient",
      averageSellingPrice: null,
      priceBand: null,
      topTrims: [],
    });
  });

  test("get_pricing: no deals and bad arguments are error results", async () => {
    expectError(
      await call(client(), "get_pricing", { make: "Honda", model: "Accord", year: 2023 }),
      /No deals for the 2023 Honda Accord/,
    );
    expectError(
      await call(client(), "get_pricing", { make: "Honda", model: "Accord", year: 2024, state: "WY" }),
      /in WY/,
    );
    expectError(
      await call(client(), "get_pricing", { make: "Honda", model: "Accord", year: 2019 }),
      /between 2020 and 2030/,
    );
    expectError(
      await call(client(), "get_pricing", { make: "Honda", model: "Accord", year: 2024, state: "ZZ" }),
      /US state code/,
    );
    expectError(await call(client(), "get_pricing", { make: "---", model: "Accord", year: 2024 }), /letters or digits/);
    expectError(await call(client(), "get_pricing", { make: "Honda", year: 2024 }), /model/);
  });

  test("about_service: version, tools and provenance", async () => {
    await call(client(), "check_recalls", { vin: ACCORD_VIN }); // so the recall store holds a campaign
    const result = await call(client(), "about_service", {});
    const body = AboutService.parse(result.structuredContent);
    expect(body.name).toBe("vinscope");
    expect([...body.tools].sort()).toEqual(MCP_TOOLS);
    expect(body.dataSources.vpic.dataDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.dataSources.recalls).toMatchObject({ mode: "live" });
    expect(body.dataSources.recalls.campaigns).toBeGreaterThanOrEqual(1);
    expect(body.dataSources.recalls.lastSync).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.dataSources.pricing.deals).toBe(9);
    // The test app has no Anthropic key: no model writes insights, and none is named.
    expect(body.dataSources.insights).toEqual({ model: null, enabled: false });
    expect(texts(result)[0]).toMatch(/Insights: composed by vinscope from its data by fixed rules, not AI-written/);
    expect(texts(result)[0]).not.toMatch(/claude/i);
    expect(body.attribution).toMatch(/vPIC/);
  });

  test("an unknown tool is an error result", async () => {
    expectError(await call(client(), "decode_everything", {}), /not found/);
  });

  test("every tool is listed read-only with a title, in the registry's order", async () => {
    const { tools } = await client().listTools();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOL_NAMES);
    for (const t of tools) expect(t.annotations).toMatchObject({ readOnlyHint: true, title: expect.any(String) });
    const open = Object.fromEntries(tools.map((t) => [t.name, t.annotations?.openWorldHint]));
    expect(open).toMatchObject({
      decode_vin: true,
      get_safety_ratings: true,
      list_makes: false,
      lookup_wmi: false,
      get_pricing: false,
    });
  });

  test("list_makes and list_models: vPIC's 2022 Honda list has the Civic, Accord and CR-V, not the CR-Z", async () => {
    const makes = MakesResponse.parse(
      (await call(client(), "list_makes", { year: "2022", q: "hond" })).structuredContent,
    );
    expect(makes.makes.map((m) => m.slug)).toContain("honda");
    const honda = await call(client(), "list_models", { make: "Honda", year: 2022 });
    const models = ModelsResponse.parse(honda.structuredContent);
    const slugs = models.models.map((m) => m.slug);
    expect(slugs).toEqual(expect.arrayContaining(["civic", "accord", "cr-v"]));
    expect(slugs).not.toContain("cr-z");
    expect(texts(honda)[0]).toMatch(/CR-V \(cr-v; /);
    const all = ModelsResponse.parse((await call(client(), "list_models", { make: "HONDA" })).structuredContent);
    expect(all.models.find((m) => m.slug === "cr-z")?.years).toEqual([{ from: 2011, to: 2016 }]);
    expectError(await call(client(), "list_models", { make: "No Such Make" }), /knows no make/);
    expectError(await call(client(), "list_makes", { type: "spaceship" }), /type/);
  });

  test("lookup_wmi: a code per region; a malformed one is an error result", async () => {
    const us = WmiResponse.parse((await call(client(), "lookup_wmi", { wmi: "1hg" })).structuredContent);
    expect(us).toMatchObject({
      wmi: "1HG",
      region: "North America",
      country: "UNITED STATES (USA)",
      makes: [{ slug: "honda" }],
    });
    expect(WmiResponse.parse((await call(client(), "lookup_wmi", { wmi: "WBA" })).structuredContent)).toMatchObject({
      region: "Europe",
      makes: [{ slug: "bmw" }],
    });
    expectError(await call(client(), "lookup_wmi", { wmi: "1H" }), /WMI/);
  });

  test("get_safety_ratings, get_complaints, get_fuel_economy: every variant of a year/make/model, by names", async () => {
    const args = { year: 2015, make: "Audi", model: "A3" };
    const ratings = await call(client(), "get_safety_ratings", args);
    const r = SafetyRatingsResponse.parse(ratings.structuredContent);
    expect(r.status).toBe("ok");
    expect(r.variants.length).toBeGreaterThan(1);
    expect(texts(ratings)[0]).toMatch(/^2015 Audi A3\. NCAP ratings of \d+ tested variants: .*stars overall/);
    const complaints = ComplaintsResponse.parse((await call(client(), "get_complaints", args)).structuredContent);
    expect(complaints).toMatchObject({ count: 5, status: "ok" });
    expect(complaints.byComponent[0]).toEqual({ component: "ENGINE", count: 3 });
    const fuel = FuelEconomyResponse.parse(
      (await call(client(), "get_fuel_economy", { ...args, year: "2015" })).structuredContent,
    );
    expect(fuel.variants.map((v) => v.combinedMpg).sort()).toEqual([27, 36]);
    expectError(
      await call(client(), "get_complaints", { year: 2015, make: "Audi", model: "Nonesuch" }),
      /does not know/,
    );
  });

  test("get_vehicle_insight, get_market_overview and get_recall_campaign", async () => {
    const insight = InsightResponse.parse(
      (await call(client(), "get_vehicle_insight", { year: 2022, make: "acura", model: "mdx" })).structuredContent,
    );
    expect(insight.insight.model).toBe("vinscope-facts-v1");
    const market = await call(client(), "get_market_overview", {});
    expect(MarketOverview.parse(market.structuredContent).totalDeals).toBe(9);
    expect(texts(market)[0]).not.toMatch(/demo/);
    await call(client(), "check_recalls", { vin: ACCORD_VIN }); // the campaign is now in the recall store
    const campaign = await call(client(), "get_recall_campaign", { campaign: "03v999000" });
    expect(RecallCampaignResponse.parse(campaign.structuredContent)).toMatchObject({
      campaignNumber: "03V999000",
      parkIt: true,
    });
    expect(texts(campaign)[0]).toMatch(/^Recall 03V999000 \[DO NOT DRIVE, PARK OUTSIDE\]/);
    expectError(await call(client(), "get_recall_campaign", { campaign: "not a campaign" }), /campaign number/);
  });

  test("a result carries its data once: structuredContent, and a short text", async () => {
    const result = await call(client(), "decode_vin", { vin: ACCORD_VIN, insight: false });
    const content = (result as { content: { type: string; text: string }[] }).content;
    expect(content).toHaveLength(1);
    expect(content[0].text).not.toContain('"vinCheck"');
    expect(content[0].text.length).toBeLessThan(JSON.stringify(result.structuredContent).length / 2);
  });

  test("resource templates: a VIN's report and a vehicle's, read as JSON; the vehicle template completes its make", async () => {
    const { resourceTemplates } = await client().listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      "vinscope://vehicle/{year}/{make}/{model}",
      "vinscope://vin/{vin}",
    ]);
    const vin = await client().readResource({ uri: `vinscope://vin/${ACCORD_VIN}` });
    expect(VinDecodeResponse.parse(JSON.parse((vin.contents[0] as { text: string }).text))).toMatchObject({
      vin: ACCORD_VIN,
    });
    const vehicle = await client().readResource({ uri: "vinscope://vehicle/2015/audi/a3" });
    const report = VehicleReport.parse(JSON.parse((vehicle.contents[0] as { text: string }).text));
    expect(report).toMatchObject({
      year: 2015,
      make: { slug: "audi" },
      model: { slug: "a3" },
      complaints: { count: 5 },
    });
    await expect(client().readResource({ uri: "vinscope://vehicle/2015/audi/nonesuch" })).rejects.toThrow(/knows no/);
    const completion = await client().complete({
      ref: { type: "ref/resource", uri: "vinscope://vehicle/{year}/{make}/{model}" },
      argument: { name: "make", value: "hon" },
    });
    expect(completion.completion.values).toContain("honda");
  });

  test("prompts: check a used car before buying, and compare two vehicles", async () => {
    const { prompts } = await client().listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(["check_used_car", "compare_vehicles"]);
    const check = await client().getPrompt({ name: "check_used_car", arguments: { vin: ACCORD_VIN } });
    const first = check.messages[0].content as { type: string; text: string };
    expect(first.text).toMatch(new RegExp(`VIN ${ACCORD_VIN}[\\s\\S]*03V999000`));
    expect(check.messages[1].content).toMatchObject({ type: "resource_link", uri: `vinscope://vin/${ACCORD_VIN}` });
    const compare = await client().getPrompt({
      name: "compare_vehicles",
      arguments: { first: "2015 Audi A3", second: MDX_VIN },
    });
    const text = (compare.messages[0].content as { text: string }).text;
    expect(text).toMatch(/2015 Audi A3[\s\S]*Owner complaints to NHTSA: 5/);
    expect(text).toContain(`VIN ${MDX_VIN}`);
    await expect(
      client().getPrompt({ name: "compare_vehicles", arguments: { first: "a fast car", second: MDX_VIN } }),
    ).rejects.toThrow(/neither a VIN/);
  });
}
