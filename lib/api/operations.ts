/**
 * Every documented operation of the HTTP API: path, method, the zod schemas of its parameters, body and
 * responses (imported from lib/api, never restated), and every status it can answer with. lib/openapi/openapi.ts
 * turns this list into the OpenAPI 3.1 document; the contract tests validate real responses against it.
 *
 * Each operation is also what its route handler is built from: `route(operations.decodeVin, handler)`
 * (lib/http/route.ts) logs under its operationId, answers with its cache policy and hands the handler its
 * parameters parsed with its own schemas; lib/http/api-routes.ts derives the table of /api paths and methods
 * from this list. So a path, a method or a schema is stated here and nowhere else.
 */
import { z } from "zod";
import { CACHE, type CachePolicy } from "./cache";
import { API_VERSION } from "../version";
import {
  ProvisionRequest,
  ProvisionResponse,
  WindowStickerBuild,
  WindowStickerCheck,
  WindowStickerQuery,
} from "../stickers/answers";
import {
  DeliveriesPage,
  DeliveriesQuery,
  WATCHLIST_POST_LIMIT,
  WatchedVehicleParams,
  WatchedVehicleRemoved,
  WatchedVehiclesAddRequest,
  WatchedVehiclesAddResponse,
  WatchedVehiclesPage,
  WatchedVehiclesQuery,
  WatchedVinParams,
  WatchlistAddRequest,
  WatchlistAddResponse,
  WatchlistPage,
  WatchlistQuery,
  WatchlistRemoved,
  WebhookEndpointView,
  WebhookRegisterRequest,
  WebhookRegistration,
  WebhookRemoved,
  WebhookTestResult,
} from "../alerts/answers";
import { InsightPathParams, InsightResponse } from "../insights";
import { MakesQuery, MakesResponse, ModelsQuery, ModelsResponse, WmiPathParams, WmiResponse } from "../vin";
import { ComplaintsResponse, FuelEconomyResponse, SafetyRatingsResponse } from "../sources";
import { BulletinsQuery, BulletinsResponse } from "../bulletins";
import { CanadaRecallsResponse } from "../canada-recalls";
import { InvestigationsResponse } from "../investigations";
import { JsonRpcRequest, JsonRpcResponse } from "./json-rpc";
import { MarketOverview, PricingNoData, PricingResponse } from "../pricing";
import { PricingPathParams, PricingQuery, PricingStatePathParams } from "../pricing";
import { Problem } from "../contract/problem";
import { RecallCampaignResponse, RecallsQuery, RecallsResponse } from "../recalls";
import { VinDecodeResponse, VinPathParams, VinReportQuery } from "../report";
import { VinBatchQuery, VinBatchResponse } from "../report";

type HttpMethod = "get" | "post" | "put" | "delete";

/**
 * What every route handler states about itself, documented or not: lib/http/route.ts logs under `operationId`,
 * answers with `cache` (no-store when absent), and parses `pathParams` and `query` before the handler runs.
 */
export interface RouteSpec {
  operationId: string;
  method: HttpMethod;
  /** Path template, e.g. `/api/public/vin/{vin}` (OpenAPI's form; app/api/public/vin/[vin]/route.ts serves it). */
  path: string;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  /** The dealer API's key (`x-api-key`). */
  security?: "dealerKey";
  /** The route's Cache-Control policy on success (lib/api/cache.ts); no-store when absent. */
  cache?: CachePolicy;
}

export interface MediaSpec {
  /** Absent for a body the document describes by its media type alone (a PDF). */
  schema?: z.ZodType;
}

export interface ResponseSpec {
  /**
   * A response many operations give alike (a 405, a 503): the document holds it once under this name in
   * components/responses and refers to it, wherever an operation's copy (with its headers) is the same.
   */
  name?: string;
  description: string;
  content?: Record<string, MediaSpec>;
  /** Response headers worth documenting on this status. */
  headers?: ResponseHeader[];
}

export type ResponseHeader =
  | "etag"
  | "cacheControl"
  | "requestId"
  | "wwwAuthenticate"
  | "allow"
  | "retryAfter"
  | "rateLimitPolicy"
  | "rateLimit"
  | "dailyVolume"
  | "accountWarning";

/** A documented operation: its route, and what the OpenAPI document says of it. */
export interface OperationSpec extends RouteSpec {
  tags: string[];
  summary: string;
  description: string;
  requestBody?: { description: string; content: Record<string, MediaSpec> };
  /** GET answers carry an ETag; a matching If-None-Match is answered 304. */
  conditional?: boolean;
  responses: Record<string, ResponseSpec>;
}

/** Operations keyed by their operationId: each keeps its own schema types (route handlers are typed by them). */
function defineOperations<T extends Record<string, Omit<OperationSpec, "operationId">>>(
  ops: T,
): { [K in keyof T & string]: T[K] & { operationId: K } } {
  return Object.fromEntries(Object.entries(ops).map(([operationId, op]) => [operationId, { operationId, ...op }])) as {
    [K in keyof T & string]: T[K] & { operationId: K };
  };
}

const JSON_TYPE = "application/json";
export const PROBLEM_TYPE = "application/problem+json";

const ok = (schema: z.ZodType, description: string): ResponseSpec => ({
  description,
  content: { [JSON_TYPE]: { schema } },
  headers: ["etag", "cacheControl", "requestId"],
});

const problem = (description: string, headers: ResponseHeader[] = ["requestId"], name?: string): ResponseSpec => ({
  ...(name ? { name } : {}),
  description,
  content: { [PROBLEM_TYPE]: { schema: Problem } },
  headers,
});

const INTERNAL_ERROR = problem(
  "Unexpected error on the service's side (reason internal_error); the body names the request id.",
  ["requestId"],
  "InternalError",
);

/** The OpenAPI document's own response: described loosely (it is validated as OpenAPI 3.1 by the contract tests). */
const OpenApiDocumentSchema = z
  .looseObject({
    openapi: z.literal("3.1.0"),
    info: z.looseObject({ title: z.string(), version: z.literal(API_VERSION) }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "OpenApiDocument", description: "This OpenAPI 3.1 document." });

const KEY_PROBLEM = problem(
  "The x-api-key header is missing (missing_key), or the key is invalid (invalid_key), revoked (revoked_key), past its trial (expired_key), or its account's subscription has ended (subscription_inactive). While a payment has failed the key still works and every answer carries an `x-account-warning` header.",
  ["requestId", "wwwAuthenticate"],
);

/** Every documented operation, by operationId (the key states it once). */
export const operations = defineOperations({
  decodeVin: {
    method: "get",
    path: "/api/public/vin/{vin}",
    tags: ["VIN"],
    summary: "Decode a VIN, with pricing, open recalls and an insight",
    description:
      "Decodes a 17-character VIN with NHTSA's vPIC data and decoding rules, and adds aggregate buyer pricing, " +
      "open NHTSA recalls and a short insight for the decoded model year, make and model. Each of the three " +
      "sections can be switched off with its query flag; a switched-off section is left out of the response. " +
      "A section whose source is unavailable is answered degraded (pricing.available false, recalls.status " +
      "unavailable, insight null) rather than failing the whole request.",
    pathParams: VinPathParams,
    query: VinReportQuery,
    cache: "vin",
    conditional: true,
    responses: {
      "200": ok(VinDecodeResponse, "The decoded VIN with the requested sections."),
      "400": problem(
        "The VIN is malformed (reason invalid_vin) or a flag is not a boolean (reason invalid_parameter).",
      ),
      "404": problem(
        "The VIN cannot be decoded: unknown manufacturer code (unknown_manufacturer) or no matching vPIC pattern (undecodable_vin).",
      ),
      "500": INTERNAL_ERROR,
    },
  },
  decodeVins: {
    method: "get",
    path: "/api/public/vins",
    tags: ["VIN"],
    summary: "Decode up to 50 VINs in one request",
    description:
      "Decodes up to 50 comma-separated VINs. Each entry is answered at its position with the report " +
      "decodeVin would give (`ok: true`) or with the problem decodeVin would answer (`ok: false`: invalid_vin, " +
      "unknown_manufacturer, undecodable_vin); one bad VIN never fails the batch. The pricing, recalls and " +
      "insight sections are off unless their flag is true; then each is looked up once per distinct year/make/" +
      "model, all at once, and the batch answers within the longest section deadline. A batch with a degraded " +
      "section is answered `Cache-Control: no-store`.",
    query: VinBatchQuery,
    cache: "vin",
    conditional: true,
    responses: {
      "200": ok(VinBatchResponse, "One result per submitted VIN, in input order."),
      "400": problem(
        "More than 50 VINs (reason batch_too_large, with `limit`), `vins` missing or repeated, or a flag is not a boolean (reason invalid_parameter).",
      ),
      "500": INTERNAL_ERROR,
    },
  },
  listMakes: {
    method: "get",
    path: "/api/public/makes",
    tags: ["Catalog"],
    summary: "The makes NHTSA vPIC knows, optionally for a model year",
    description:
      "Lists the makes of NHTSA's vPIC data, A-Z, each with the slug the other endpoints take, its vehicle types and " +
      "model years. `year` keeps the makes with a model that year; `type` picks vehicle types (default `light`: cars, " +
      "MPVs, trucks; `all` is every type, about 12,000 makes); `q` keeps the names containing a text.",
    query: MakesQuery,
    cache: "catalog",
    conditional: true,
    responses: {
      "200": ok(MakesResponse, "The makes."),
      "400": problem("A query parameter is malformed (reason invalid_parameter; `param` names it)."),
      "500": INTERNAL_ERROR,
    },
  },
  listModels: {
    method: "get",
    path: "/api/public/models",
    tags: ["Catalog"],
    summary: "A make's models, optionally for a model year",
    description:
      "Lists a make's models in NHTSA's vPIC data, A-Z, each with its slug, vehicle types and model years. With `year`, " +
      "only the models whose vPIC patterns cover that year (a 2022 Honda list has the CR-V, not the CR-Z, which ended " +
      "in 2016). The make may be given as a name or a slug, in any case.",
    query: ModelsQuery,
    cache: "catalog",
    conditional: true,
    responses: {
      "200": ok(ModelsResponse, "The make and its models."),
      "400": problem("A query parameter is missing or malformed (reason invalid_parameter; `param` names it)."),
      "404": problem("NHTSA vPIC knows no such make (reason unknown_make)."),
      "500": INTERNAL_ERROR,
    },
  },
  lookupWmi: {
    method: "get",
    path: "/api/public/wmi/{wmi}",
    tags: ["Catalog"],
    summary: "What a manufacturer code (WMI) names",
    description:
      "The manufacturer, makes (with slugs), country and region (ISO 3780), vehicle types and model years of a WMI: " +
      "a VIN's first 3 characters, or 6 for a small manufacturer (third character 9, plus VIN positions 12-14). From " +
      "NHTSA vPIC's public WMI list, or vinscope's short list of well-known codes vPIC does not publish.",
    pathParams: WmiPathParams,
    cache: "catalog",
    conditional: true,
    responses: {
      "200": ok(WmiResponse, "What the WMI names."),
      "400": problem("The WMI is malformed (reason invalid_parameter)."),
      "404": problem("No manufacturer is known for the WMI (reason unknown_wmi)."),
      "500": INTERNAL_ERROR,
    },
  },
  getVehiclePricing: {
    method: "get",
    path: "/api/public/pricing/{make}/{model}/{year}",
    tags: ["Pricing"],
    summary: "Aggregate buyer pricing for a make, model and model year",
    description:
      "Aggregates verified buyer deals (purchase documents, not estimates or advertisements) for one make, " +
      "model and model year: averages, a price band, the trim breakdown and the sample size, optionally " +
      "narrowed to a US state with the `state` query parameter. Slugs are case-insensitive.",
    pathParams: PricingPathParams,
    query: PricingQuery,
    cache: "pricing",
    conditional: true,
    responses: {
      "200": ok(PricingResponse, "Aggregate pricing."),
      "400": problem("A path or query parameter is malformed (reason invalid_parameter; `param` names it)."),
      "404": {
        description: "No verified deal matches the vehicle (and state); the no-data body.",
        content: { [JSON_TYPE]: { schema: PricingNoData } },
        headers: ["etag", "cacheControl", "requestId"],
      },
      "500": INTERNAL_ERROR,
    },
  },
  getVehiclePricingByState: {
    method: "get",
    path: "/api/public/pricing/{make}/{model}/{year}/{state}",
    tags: ["Pricing"],
    summary: "Aggregate buyer pricing for a make, model and model year in one US state",
    description: "As getVehiclePricing, with the US state as a path segment.",
    pathParams: PricingStatePathParams,
    cache: "pricing",
    conditional: true,
    responses: {
      "200": ok(PricingResponse, "Aggregate pricing for the state."),
      "400": problem("A path parameter is malformed (reason invalid_parameter; `param` names it)."),
      "404": {
        description: "No verified deal matches the vehicle in this state; the no-data body with the state.",
        content: { [JSON_TYPE]: { schema: PricingNoData } },
        headers: ["etag", "cacheControl", "requestId"],
      },
      "500": INTERNAL_ERROR,
    },
  },
  getMarketOverview: {
    method: "get",
    path: "/api/market-data",
    tags: ["Pricing"],
    summary: "Market overview: top models by discount, coverage by state, total deals",
    description: "A market-wide overview of the verified deals.",
    cache: "market",
    conditional: true,
    responses: {
      "200": ok(MarketOverview, "The market overview."),
      "500": INTERNAL_ERROR,
    },
  },
  getRecalls: {
    method: "get",
    path: "/api/recalls",
    tags: ["Recalls"],
    summary: "NHTSA recalls by VIN, by make + model + year, or one campaign",
    description:
      "Three alternative forms; give exactly one:\n\n" +
      "* `vin`: the recall campaigns of the VIN's decoded model year, make and model (RecallsResponse). " +
      "NHTSA publishes campaigns per year/make/model; whether a particular vehicle's remedy has been done is for " +
      "its manufacturer or a dealer to say.\n" +
      "* `make` + `model` + `year` (all three): the recall campaigns of that vehicle (RecallsResponse).\n" +
      "* `campaign`: one campaign by its NHTSA number (RecallCampaignResponse).\n\n" +
      "Any other combination is a 400 problem naming the parameter. When NHTSA cannot be reached the answer " +
      "says so in `status` (stale or unavailable) and is not stored by shared caches.",
    query: RecallsQuery,
    cache: "recalls",
    conditional: true,
    responses: {
      "200": {
        description:
          "RecallsResponse for the vin and make/model/year forms; RecallCampaignResponse for the campaign form.",
        content: { [JSON_TYPE]: { schema: z.union([RecallsResponse, RecallCampaignResponse]) } },
        headers: ["etag", "cacheControl", "requestId"],
      },
      "400": problem(
        "No form, a mixed or incomplete form, or a malformed parameter (reason invalid_parameter; `param` names it).",
      ),
      "404": problem(
        "The VIN cannot be decoded to a year, make and model (vin_not_decodable), or the campaign is unknown (not_found).",
      ),
      "500": INTERNAL_ERROR,
      "502": problem(
        "NHTSA could not be reached for a campaign the service does not hold (reason fetch_error); retry later.",
      ),
    },
  },
  getVehicleInsight: {
    method: "get",
    path: "/api/vin-insights/{year}/{make}/{model}",
    tags: ["Insights"],
    summary: "A short factual insight for a model year, make and model",
    description:
      "A 2-3 sentence paragraph (at most 60 words) written from vinscope's data (NHTSA vPIC, recalls, pricing) " +
      "by an AI model, cached 30 days per year/make/model. When no model is configured or it does not answer in " +
      "time, a factual summary composed without a model is answered (`insight.model` is `vinscope-facts-v1`), " +
      "cached briefly and replaced within the hour.",
    pathParams: InsightPathParams,
    cache: "insights",
    conditional: true,
    responses: {
      "200": ok(
        InsightResponse,
        `The insight. A summary composed without an AI model is cached briefly instead: \`${CACHE.insightsFallback}\`.`,
      ),
      "400": problem("A path parameter is malformed (reason invalid_parameter; `param` names it)."),
      "404": problem("NHTSA's vPIC data knows no such vehicle (reason unknown_vehicle)."),
      "500": INTERNAL_ERROR,
    },
  },
  getSafetyRatings: {
    method: "get",
    path: "/api/public/safety-ratings/{year}/{make}/{model}",
    tags: ["Buyer data"],
    summary: "NHTSA NCAP crash-test star ratings for a model year, make and model",
    description:
      "Every variant NHTSA crash-tested for the year/make/model (NCAP splits models by body and drive), with its stars " +
      "(overall, frontal, side, side pole, rollover) and rollover risk. Without a VIN no variant is chosen: see the VIN " +
      "report for variants marked against a VIN. From NHTSA's SafetyRatings API, kept BUYER_DATA_CACHE_MS; the last " +
      "answer is served as stale during an outage.",
    pathParams: InsightPathParams,
    cache: "buyerData",
    conditional: true,
    responses: {
      "200": ok(
        SafetyRatingsResponse,
        `The answer, with \`status\` ok, stale or unavailable (unknown is never zero). A stale or unavailable answer during an outage is cached briefly: \`${CACHE.degraded}\`.`,
      ),
      "400": problem("A path parameter is malformed (reason invalid_parameter; `param` names it)."),
      "404": problem("NHTSA's vPIC data knows no such make and model (reason unknown_vehicle)."),
      "500": INTERNAL_ERROR,
    },
  },
  getComplaints: {
    method: "get",
    path: "/api/public/complaints/{year}/{make}/{model}",
    tags: ["Buyer data"],
    summary: "NHTSA owner complaints for a model year, make and model",
    description:
      "The number of owner complaints filed with NHTSA, crashes, fires, injuries and deaths they report, complaints per " +
      "component and the newest few. From NHTSA's complaints API, or imported FLAT_CMPL rows; `count` is null when unknown.",
    pathParams: InsightPathParams,
    cache: "buyerData",
    conditional: true,
    responses: {
      "200": ok(
        ComplaintsResponse,
        `The answer, with \`status\` ok, stale or unavailable (unknown is never zero). A stale or unavailable answer during an outage is cached briefly: \`${CACHE.degraded}\`.`,
      ),
      "400": problem("A path parameter is malformed (reason invalid_parameter; `param` names it)."),
      "404": problem("NHTSA's vPIC data knows no such make and model (reason unknown_vehicle)."),
      "500": INTERNAL_ERROR,
    },
  },
  getFuelEconomy: {
    method: "get",
    path: "/api/public/fuel-economy/{year}/{make}/{model}",
    tags: ["Buyer data"],
    summary: "EPA fuel economy for a model year, make and model",
    description:
      "Every variant EPA rates for the year/make/model (per engine, drive, fuel and transmission) with city, highway " +
      "and combined MPG (MPGe for electric vehicles), annual fuel cost and electric range. From imported vehicles.csv " +
      "rows or fueleconomy.gov's web services. Without a VIN no variant is chosen.",
    pathParams: InsightPathParams,
    cache: "buyerData",
    conditional: true,
    responses: {
      "200": ok(
        FuelEconomyResponse,
        `The answer, with \`status\` ok, stale or unavailable (unknown is never zero). A stale or unavailable answer during an outage is cached briefly: \`${CACHE.degraded}\`.`,
      ),
      "400": problem("A path parameter is malformed (reason invalid_parameter; `param` names it)."),
      "404": problem("NHTSA's vPIC data knows no such make and model (reason unknown_vehicle)."),
      "500": INTERNAL_ERROR,
    },
  },
  getServiceBulletins: {
    method: "get",
    path: "/api/public/bulletins/{year}/{make}/{model}",
    tags: ["Buyer data"],
    summary: "Manufacturer service bulletins (NHTSA manufacturer communications) for a model year, make and model",
    description:
      "What the manufacturer told its dealers about the year/make/model and NHTSA lists: technical service bulletins, " +
      "service campaigns, warranty extensions and over-the-air updates, each with NHTSA's ID, the manufacturer's " +
      "document number when the summary names it, its type (classified from the summary) and NHTSA's summary, newest " +
      "first (highest NHTSA ID first), a page at a time (`limit`, `cursor` = the previous page's `nextCursor`), with the " +
      "total `count`. From NHTSA's MFR_COMMS_RECEIVED files, synced or imported; `count` is null until every period " +
      "file that can hold the model year's communications is held.",
    pathParams: InsightPathParams,
    query: BulletinsQuery,
    cache: "buyerData",
    conditional: true,
    responses: {
      "200": ok(
        BulletinsResponse,
        `The answer, with \`status\` ok, stale or unavailable (unknown is never zero). An answer that is not ok is cached briefly: \`${CACHE.degraded}\`.`,
      ),
      "400": problem("A path or query parameter is malformed (reason invalid_parameter; `param` names it)."),
      "404": problem("NHTSA's vPIC data knows no such make and model (reason unknown_vehicle)."),
      "500": INTERNAL_ERROR,
    },
  },
  getCanadaRecalls: {
    method: "get",
    path: "/api/public/canada-recalls/{year}/{make}/{model}",
    tags: ["Buyer data"],
    summary: "Transport Canada recalls for a model year, make and model",
    description:
      "Every recall in Canada that Transport Canada's Motor Vehicle Safety Recalls Database lists for the year/make/model, " +
      "newest first: its number, date, system, category, notification type, units affected, comment (English, and French " +
      "as `commentFr`), the manufacturer's recall number and `nhtsaCampaignNumber`, the US campaign with the same " +
      "manufacturer number and make when this server holds it (null otherwise). From this server's mirror of Transport " +
      "Canada's file (the canada-recalls sync); `count` is null until the file has been imported. Contains information " +
      "licensed under the Open Government Licence – Canada.",
    pathParams: InsightPathParams,
    cache: "buyerData",
    conditional: true,
    responses: {
      "200": ok(
        CanadaRecallsResponse,
        `The answer, with \`status\` ok, stale or unavailable (unknown is never zero). A stale or unavailable answer is cached briefly: \`${CACHE.degraded}\`.`,
      ),
      "400": problem("A path parameter is malformed (reason invalid_parameter; `param` names it)."),
      "404": problem("NHTSA's vPIC data knows no such make and model (reason unknown_vehicle)."),
      "500": INTERNAL_ERROR,
    },
  },
  getInvestigations: {
    method: "get",
    path: "/api/public/investigations/{year}/{make}/{model}",
    tags: ["Buyer data"],
    summary: "NHTSA defect investigations for a model year, make and model",
    description:
      "The defect investigations NHTSA's Office of Defects Investigation opened that name the year/make/model " +
      "(preliminary evaluations, engineering analyses, recall queries, defect petitions, audit queries, information " +
      "requests), each once, with its action number, type, opened and closed dates (`open` while not closed), " +
      "component, subject, summary, manufacturer and the recall campaign it led to (linked to this service's answer " +
      "of the campaign when its recall data holds it). Open ones first, then the most recently opened. An open " +
      "investigation is not a recall. From NHTSA's FLAT_INV file, synced daily or imported; `count` is null until it " +
      "is held. `nhtsaUrl` is NHTSA's page of the year/make/model (NHTSA has no stable page per investigation).",
    pathParams: InsightPathParams,
    cache: "buyerData",
    conditional: true,
    responses: {
      "200": ok(
        InvestigationsResponse,
        `The answer, with \`status\` ok, stale or unavailable (unknown is never zero). An answer that is not ok is cached briefly: \`${CACHE.degraded}\`.`,
      ),
      "400": problem("A path parameter is malformed (reason invalid_parameter; `param` names it)."),
      "404": problem("NHTSA's vPIC data knows no such make and model (reason unknown_vehicle)."),
      "500": INTERNAL_ERROR,
    },
  },
  getOpenApiDocument: {
    method: "get",
    path: "/api/public/openapi.json",
    tags: ["Meta"],
    summary: "This OpenAPI 3.1 document",
    description:
      "The machine-readable description of the API (OpenAPI 3.1), generated from the schemas the service validates with.",
    cache: "openapi",
    conditional: true,
    responses: {
      "200": ok(OpenApiDocumentSchema, "The OpenAPI document."),
    },
  },

  // The dealer API (a key in x-api-key).
  getWindowSticker: {
    method: "get",
    path: "/api/dealer/v1/window-sticker",
    tags: ["Dealer"],
    summary: "Original manufacturer window sticker (PDF) for a VIN, or its availability check",
    description:
      "Without `format`, answers the original manufacturer window sticker (Monroney label) as a PDF, from the " +
      "manufacturer's system or the archive of copies already fetched. With `format=check`, answers whether one is " +
      "available (JSON); for a make of an unsupported manufacturer group the check says `not_supported` and lists " +
      "the supported groups. With `format=build`, answers what the sticker says as data (JSON): base price, options " +
      "and packages with their prices, destination charge, total, colours, engine, transmission, fuel economy and " +
      "final assembly point, read from the PDF's text layer once and stored; `parsed.consistent` says whether base + " +
      "options + destination equals the printed total, and `parsed.status` is `no_text` for a scan without a text layer.",
    query: WindowStickerQuery,
    security: "dealerKey",
    conditional: true,
    responses: {
      "200": {
        description:
          "The PDF (Cache-Control `private, max-age=86400`; `x-sticker-source` says where it came from), with format=check the availability check, or with format=build the build data.",
        content: {
          "application/pdf": {},
          [JSON_TYPE]: { schema: z.union([WindowStickerCheck, WindowStickerBuild]) },
        },
        headers: ["requestId", "accountWarning"],
      },
      "400": problem("The VIN is malformed (invalid_vin) or a parameter is invalid (invalid_parameter)."),
      "401": KEY_PROBLEM,
      "404": problem(
        "No window sticker exists for the VIN (not_found), or no manufacturer source serves its make and none is archived (not_supported).",
      ),
      "500": INTERNAL_ERROR,
      "502": problem(
        "The manufacturer's system could not be reached or answered unusably (reason fetch_error); retry later.",
      ),
      "503": problem(
        "The manufacturer was not asked: too many requests already wait for its host (reason manufacturer_busy), or it failed " +
          "repeatedly and is resting (reason manufacturer_unavailable); or the service cannot answer now (database_unavailable, " +
          "deadline_exceeded). `Retry-After` says when to try again.",
        ["requestId", "retryAfter"],
      ),
    },
  },
  provision: {
    method: "post",
    path: "/api/dealer/v1/provision",
    tags: ["Dealer"],
    summary: "Bulk inventory check: which VINs have a window sticker",
    description:
      "Checks many VINs at once. By default an instant check from each VIN's manufacturer code (WMI), up to 500 " +
      "VINs; with `live: true` the manufacturers' systems are asked, up to 25 VINs. `decode: true` adds year, " +
      "make, model and trim per VIN from the vPIC data, and the build data of each archived window sticker.",
    requestBody: { description: "The VINs and options.", content: { [JSON_TYPE]: { schema: ProvisionRequest } } },
    security: "dealerKey",
    responses: {
      "200": {
        description: "One result per submitted VIN, in submission order (a repeated VIN is checked once).",
        content: { [JSON_TYPE]: { schema: ProvisionResponse } },
        headers: ["requestId", "accountWarning"],
      },
      "400": problem(
        "The body is not JSON (invalid_json), vins is empty or malformed (invalid_parameter), or the batch is over its limit (batch_too_large, with `limit`).",
      ),
      "401": KEY_PROBLEM,
      "413": problem("The body is larger than 256 KB (reason payload_too_large)."),
      "500": INTERNAL_ERROR,
    },
  },

  // Recall alerts on the dealer API: the watchlist and the webhook endpoint (lib/alerts).
  addToWatchlist: {
    method: "post",
    path: "/api/dealer/v1/watchlist",
    tags: ["Alerts"],
    summary: "Watch VINs for new recalls",
    description:
      `Adds up to ${WATCHLIST_POST_LIMIT} VINs per request to the key's watchlist (up to WATCHLIST_MAX_VINS, 10,000 by default, in all). ` +
      "Each VIN is validated and decoded once; the request is all or nothing: a malformed or undecodable VIN is refused " +
      "with a problem naming it (`param` vins[i], `vin`), and so is a request that would pass the limit (watchlist_full). " +
      "A VIN already watched keeps its date. From now on, each recall campaign that NHTSA's recall files add for a " +
      "watched VIN's year/make/model, and each Canadian recall with no US campaign that Transport Canada's files add, is " +
      "sent as a `recall.opened` webhook event (`country` US or CA), and each defect investigation NHTSA's file adds as " +
      "an `investigation.opened` event (and each is listed in the email digest); what " +
      "is open already is in the GET answer, not in an event. The watchlist belongs to the key's location, so a rotated key keeps it.",
    requestBody: { description: "The VINs to watch.", content: { [JSON_TYPE]: { schema: WatchlistAddRequest } } },
    security: "dealerKey",
    responses: {
      "200": {
        description: "What was added.",
        content: { [JSON_TYPE]: { schema: WatchlistAddResponse } },
        headers: ["requestId", "accountWarning"],
      },
      "400": problem(
        "The body is not JSON (invalid_json) or malformed (invalid_parameter), a VIN is malformed (invalid_vin) or cannot be decoded (vin_not_decodable), more than 1,000 VINs were sent (batch_too_large), or the watchlist would pass its limit (watchlist_full, with `limit`).",
      ),
      "401": KEY_PROBLEM,
      "413": problem("The body is larger than 64 KB (reason payload_too_large)."),
      "500": INTERNAL_ERROR,
    },
  },
  getWatchlist: {
    method: "get",
    path: "/api/dealer/v1/watchlist",
    tags: ["Alerts"],
    summary: "The watched VINs, each with its vehicle and its open recalls now",
    description:
      "Lists the key's watched VINs in VIN order, a page at a time (`limit`, `cursor` = the previous page's `nextCursor`). " +
      "Each carries its decoded vehicle, when it was added, and the open recall campaigns of its year/make/model now " +
      "(from the recall mirror, or NHTSA; `status` says when they are unknown: `count` is then null, never 0).",
    query: WatchlistQuery,
    security: "dealerKey",
    conditional: true,
    responses: {
      "200": {
        description: "One page of the watchlist.",
        content: { [JSON_TYPE]: { schema: WatchlistPage } },
        headers: ["etag", "requestId", "accountWarning"],
      },
      "400": problem("`limit` or `cursor` is malformed (reason invalid_parameter)."),
      "401": KEY_PROBLEM,
      "500": INTERNAL_ERROR,
    },
  },
  removeFromWatchlist: {
    method: "delete",
    path: "/api/dealer/v1/watchlist/{vin}",
    tags: ["Alerts"],
    summary: "Stop watching a VIN",
    description: "Removes one VIN from the key's watchlist. Events already queued for it are still delivered.",
    pathParams: WatchedVinParams,
    security: "dealerKey",
    responses: {
      "200": {
        description: "The VIN is no longer watched.",
        content: { [JSON_TYPE]: { schema: WatchlistRemoved } },
        headers: ["requestId", "accountWarning"],
      },
      "401": KEY_PROBLEM,
      "404": problem("The VIN is not on the key's watchlist (reason not_found)."),
      "500": INTERNAL_ERROR,
    },
  },
  addVehiclesToWatchlist: {
    method: "post",
    path: "/api/dealer/v1/watchlist/vehicles",
    tags: ["Alerts"],
    summary: "Watch a year/make/model for new recalls",
    description:
      `Adds up to ${WATCHLIST_POST_LIMIT} year/make/model per request to the key's watchlist (up to WATCHLIST_MAX_VINS of them). ` +
      "Make and model may be given in any case or as slugs; each is named as NHTSA's vPIC (or its recall data) names it, and a " +
      "make and model neither knows is refused with a problem naming it (unknown_vehicle, `param` vehicles[i]). From now on, each " +
      "recall (US, or Canadian with no US campaign) and each defect investigation that opens for a watched vehicle is sent as a " +
      '`recall.opened` or `investigation.opened` webhook event with `vin` null and `watched` "vehicle" (and listed in the email ' +
      "digest), as for a watched VIN.",
    requestBody: {
      description: "The vehicles to watch.",
      content: { [JSON_TYPE]: { schema: WatchedVehiclesAddRequest } },
    },
    security: "dealerKey",
    responses: {
      "200": {
        description: "What was added.",
        content: { [JSON_TYPE]: { schema: WatchedVehiclesAddResponse } },
        headers: ["requestId", "accountWarning"],
      },
      "400": problem(
        "The body is not JSON (invalid_json) or malformed (invalid_parameter), a make and model is not known (unknown_vehicle), or the watchlist would pass its limit (watchlist_full, with `limit`).",
      ),
      "401": KEY_PROBLEM,
      "413": problem("The body is larger than 64 KB (reason payload_too_large)."),
      "500": INTERNAL_ERROR,
    },
  },
  getWatchedVehicles: {
    method: "get",
    path: "/api/dealer/v1/watchlist/vehicles",
    tags: ["Alerts"],
    summary: "The watched year/make/model, each with its open recalls now",
    description:
      "Lists the key's watched vehicles by year, make and model, a page at a time (`limit`, `cursor` = the previous page's " +
      "`nextCursor`), each with when it was added and its open recall campaigns now (`count` null when unknown, never a false 0).",
    query: WatchedVehiclesQuery,
    security: "dealerKey",
    conditional: true,
    responses: {
      "200": {
        description: "One page of the watched vehicles.",
        content: { [JSON_TYPE]: { schema: WatchedVehiclesPage } },
        headers: ["etag", "requestId", "accountWarning"],
      },
      "400": problem("`limit` or `cursor` is malformed (reason invalid_parameter)."),
      "401": KEY_PROBLEM,
      "500": INTERNAL_ERROR,
    },
  },
  removeVehicleFromWatchlist: {
    method: "delete",
    path: "/api/dealer/v1/watchlist/vehicles/{year}/{make}/{model}",
    tags: ["Alerts"],
    summary: "Stop watching a year/make/model",
    description:
      "Removes one watched vehicle (make and model in any case or as slugs). Events already queued are still delivered.",
    pathParams: WatchedVehicleParams,
    security: "dealerKey",
    responses: {
      "200": {
        description: "The vehicle is no longer watched.",
        content: { [JSON_TYPE]: { schema: WatchedVehicleRemoved } },
        headers: ["requestId", "accountWarning"],
      },
      "401": KEY_PROBLEM,
      "404": problem("The vehicle is not on the key's watchlist (reason not_found)."),
      "500": INTERNAL_ERROR,
    },
  },
  registerWebhook: {
    method: "put",
    path: "/api/dealer/v1/webhook",
    tags: ["Alerts"],
    summary: "Register the webhook endpoint (or rotate its secret)",
    description:
      "Registers the https URL that receives the key's events, signed on the Standard Webhooks scheme (headers " +
      "`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`). The answer " +
      "carries the signing secret (`whsec_…`) this once. A second PUT rotates the secret (and may change the URL): for " +
      "KEY_ROTATION_GRACE_HOURS deliveries carry a second signature made with the previous secret. The URL must be " +
      "https and resolve to public addresses only (not loopback, private, link-local or metadata ones), which is checked " +
      "again at every delivery; redirects are not followed.",
    requestBody: { description: "The receiver's URL.", content: { [JSON_TYPE]: { schema: WebhookRegisterRequest } } },
    security: "dealerKey",
    responses: {
      "200": {
        description: "The endpoint and its new signing secret (shown once).",
        content: { [JSON_TYPE]: { schema: WebhookRegistration } },
        headers: ["requestId", "accountWarning"],
      },
      "400": problem(
        "The body is not JSON (invalid_json) or malformed (invalid_parameter), or the URL cannot be used (webhook_url_refused: not https, credentials in it, or it resolves to a non-public address).",
      ),
      "401": KEY_PROBLEM,
      "413": problem("The body is larger than 8 KB (reason payload_too_large)."),
      "500": INTERNAL_ERROR,
    },
  },
  getWebhook: {
    method: "get",
    path: "/api/dealer/v1/webhook",
    tags: ["Alerts"],
    summary: "The webhook endpoint and its health",
    description:
      "The registered URL, its health (new, healthy, failing), the last success and failure and the events waiting. The secret is never shown again.",
    security: "dealerKey",
    conditional: true,
    responses: {
      "200": {
        description: "The endpoint.",
        content: { [JSON_TYPE]: { schema: WebhookEndpointView } },
        headers: ["etag", "requestId", "accountWarning"],
      },
      "401": KEY_PROBLEM,
      "404": problem("No endpoint is registered for the key (reason not_found)."),
      "500": INTERNAL_ERROR,
    },
  },
  removeWebhook: {
    method: "delete",
    path: "/api/dealer/v1/webhook",
    tags: ["Alerts"],
    summary: "Remove the webhook endpoint",
    description:
      "Removes the endpoint. Events not yet delivered stay in the log as `unsent` (and in the email digest).",
    security: "dealerKey",
    responses: {
      "200": {
        description: "The endpoint was removed.",
        content: { [JSON_TYPE]: { schema: WebhookRemoved } },
        headers: ["requestId", "accountWarning"],
      },
      "401": KEY_PROBLEM,
      "404": problem("No endpoint is registered for the key (reason not_found)."),
      "500": INTERNAL_ERROR,
    },
  },
  testWebhook: {
    method: "post",
    path: "/api/dealer/v1/webhook/test",
    tags: ["Alerts"],
    summary: "Send a test event now",
    description:
      "Sends one `webhook.test` event to the endpoint now, signed like every event, and answers what the receiver did " +
      "(its status, or why it was not reached). It is not retried; it is recorded in the delivery log.",
    security: "dealerKey",
    responses: {
      "200": {
        description: "The outcome (a refused delivery is an outcome too: `delivered` false).",
        content: { [JSON_TYPE]: { schema: WebhookTestResult } },
        headers: ["requestId", "accountWarning"],
      },
      "401": KEY_PROBLEM,
      "404": problem("No endpoint is registered for the key (reason not_found)."),
      "500": INTERNAL_ERROR,
    },
  },
  getWebhookDeliveries: {
    method: "get",
    path: "/api/dealer/v1/webhook/deliveries",
    tags: ["Alerts"],
    summary: "The delivery log",
    description:
      "The key's events, newest first, a page at a time: id (the webhook-id), event, VIN, the recall or investigation " +
      "number and its country, status, attempts, " +
      "the last HTTP status and error, and the next attempt.",
    query: DeliveriesQuery,
    security: "dealerKey",
    conditional: true,
    responses: {
      "200": {
        description: "One page of the log.",
        content: { [JSON_TYPE]: { schema: DeliveriesPage } },
        headers: ["etag", "requestId", "accountWarning"],
      },
      "400": problem("`limit` or `cursor` is malformed (reason invalid_parameter)."),
      "401": KEY_PROBLEM,
      "500": INTERNAL_ERROR,
    },
  },

  // The MCP server over HTTP.
  mcp: {
    method: "post",
    path: "/api/mcp",
    tags: ["MCP"],
    summary: "MCP server over HTTP (JSON-RPC 2.0)",
    description:
      "The Model Context Protocol server, stateless over HTTP: one JSON-RPC 2.0 message per POST, answered with " +
      "JSON (no session, no event stream). `tools/list` returns the tools with their input and output schemas " +
      "(/llms.txt lists them too), `resources/templates/list` the VIN and vehicle reports, `prompts/list` the " +
      "prompts. A JSON-RPC batch (an array) is refused with -32600: MCP's specification has no batching. The same " +
      "server runs locally over stdio (`vinscope mcp` in a clone). GET and DELETE are answered 405.",
    requestBody: {
      description: "A JSON-RPC 2.0 request or notification.",
      content: { [JSON_TYPE]: { schema: JsonRpcRequest } },
    },
    responses: {
      "200": {
        description: "The JSON-RPC response (a protocol-level failure such as an unknown method is an `error` member).",
        content: { [JSON_TYPE]: { schema: JsonRpcResponse } },
        headers: ["requestId"],
      },
      "202": { description: "A notification was accepted; no body.", headers: ["requestId"] },
      "400": {
        description: "The body is not a JSON-RPC message (error -32700), or is a batch of them (error -32600).",
        content: { [JSON_TYPE]: { schema: JsonRpcResponse } },
        headers: ["requestId"],
      },
      "413": {
        description: "The body is larger than 64 KiB (error -32000).",
        content: { [JSON_TYPE]: { schema: JsonRpcResponse } },
        headers: ["requestId"],
      },
      "415": {
        description: "The body's content type is not JSON.",
        content: { [JSON_TYPE]: { schema: JsonRpcResponse } },
        headers: ["requestId"],
      },
      "500": {
        description: "Unexpected error: a JSON-RPC error from the MCP server, or a problem body from the service.",
        content: { [JSON_TYPE]: { schema: JsonRpcResponse }, [PROBLEM_TYPE]: { schema: Problem } },
        headers: ["requestId"],
      },
    },
  },

  /** Stripe's webhook: called by Stripe, not by clients; documented so the table stays complete. */
  stripeWebhook: {
    method: "post",
    path: "/api/webhooks/stripe",
    tags: ["Billing"],
    summary: "Stripe webhook (subscription lifecycle)",
    description:
      "Receives Stripe's events for dealer subscriptions. The `Stripe-Signature` header must verify against the raw " +
      "body with the server's STRIPE_WEBHOOK_SECRET; each event id is applied once (a replay is answered 200 with " +
      "`duplicate: true` and changes nothing). Used events: checkout.session.completed, customer.subscription.created/" +
      "updated/deleted, invoice.paid, invoice.payment_succeeded, invoice.payment_failed.",
    requestBody: {
      description: "A Stripe event, as Stripe signs it.",
      content: { [JSON_TYPE]: { schema: z.looseObject({ id: z.string(), type: z.string() }) } },
    },
    cache: "none",
    responses: {
      "200": {
        description: "The event was applied, or had been already (duplicate), or is not one billing uses (ignored).",
        content: {
          [JSON_TYPE]: {
            schema: z
              .object({ received: z.literal(true), duplicate: z.boolean().optional(), ignored: z.string().optional() })
              .meta({ id: "StripeWebhookReceipt" }),
          },
        },
        headers: ["requestId"],
      },
      "400": problem("The signature does not verify against the body (reason invalid_signature)."),
      "404": problem("Billing is not set up on this server (reason not_found)."),
      "413": problem("The body is larger than 1 MB (reason payload_too_large)."),
      "500": INTERNAL_ERROR,
    },
  },
});

/** The operations in document order. */
export const OPERATIONS: OperationSpec[] = Object.values(operations);

/**
 * Routes served but left out of the OpenAPI document: the health check, /api/mcp's GET and DELETE (answered
 * 405: the server is stateless), and the discovery files and docs assets outside /api. Routed like operations.
 */
export const UNDOCUMENTED_ROUTES = {
  health: { operationId: "health", method: "get", path: "/api/health" },
  mcpStream: { operationId: "mcp", method: "get", path: "/api/mcp" },
  mcpSession: { operationId: "mcp", method: "delete", path: "/api/mcp" },
  apiCatalog: { operationId: "apiCatalog", method: "get", path: "/.well-known/api-catalog", cache: "discovery" },
  llmsTxt: { operationId: "llmsTxt", method: "get", path: "/llms.txt", cache: "discovery" },
  /** The Atom feed of new recall campaigns per year/make/model (app/recalls/[year]/[make]/[model]/feed.xml/route.ts). */
  recallFeed: {
    operationId: "recallFeed",
    method: "get",
    path: "/recalls/{year}/{make}/{model}/feed.xml",
    pathParams: z.object({ year: z.string(), make: z.string(), model: z.string() }),
    cache: "recallFeed",
  },
  /** The API reference renderer's two assets (app/docs/assets/[file]/route.ts); any other name is a 404. */
  docsAsset: {
    operationId: "docsAsset",
    method: "get",
    path: "/docs/assets/{file}",
    pathParams: z.object({ file: z.string() }),
  },
} satisfies Record<string, RouteSpec>;

/** Every route the app serves: the operations, then the undocumented routes. */
export const ROUTES: RouteSpec[] = [...OPERATIONS, ...Object.values(UNDOCUMENTED_ROUTES)];

/**
 * Answers every operation can give whatever its input, merged into each operation by
 * lib/openapi/openapi.ts: a malformed request target, a wrong method, a body that stalls, an over-long URL, and the
 * service unable to answer now (its database unavailable, or the request past its deadline) with Retry-After.
 */
/** Merged into every operation under a rate-limited path (lib/rate-limit/paths.ts) by lib/openapi/openapi.ts. */
export const RATE_LIMITED_RESPONSE: ResponseSpec = problem(
  "Too many requests from this client address within the window (reason rate_limited; `limit` and `windowSeconds` give the quota). Retry after the Retry-After seconds.",
  ["requestId", "retryAfter", "rateLimitPolicy", "rateLimit"],
  "RateLimited",
);

/** Merged into every dealer operation: only answered when the operator sets a per-key limit (DEALER_RATE_LIMIT_REQUESTS). */
export const KEY_RATE_LIMITED_RESPONSE: ResponseSpec = problem(
  "Too many requests with this API key within the window (reason rate_limited), when the operator has set a per-key limit; by default dealer keys have none. Retry after the Retry-After seconds.",
  ["requestId", "retryAfter", "rateLimitPolicy", "rateLimit"],
  "KeyRateLimited",
);

export const SERVICE_RESPONSES: Record<string, ResponseSpec> = {
  "400": problem(
    "A malformed percent-escape in the path or query string (reason bad_encoding), or NUL/control characters in them (reason control_characters).",
    ["requestId"],
    "MalformedTarget",
  ),
  "405": problem(
    "The endpoint does not accept this method (reason method_not_allowed); Allow lists those it does.",
    ["requestId", "allow"],
    "MethodNotAllowed",
  ),
  "408": problem(
    "The request's body did not arrive within the service's deadline (reason request_timeout); the connection is closed.",
    ["requestId"],
    "RequestTimeout",
  ),
  "414": problem(
    "The request target is longer than 8,192 characters (reason uri_too_long).",
    ["requestId"],
    "UriTooLong",
  ),
  "503": problem(
    "The service cannot answer now: its database is unavailable (reason database_unavailable; `fault` says how) or the request ran past its deadline (reason deadline_exceeded). Retry after the Retry-After seconds.",
    ["requestId", "retryAfter"],
    "ServiceUnavailable",
  ),
};
