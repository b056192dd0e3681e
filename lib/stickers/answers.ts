/**
 * The dealer API's contract (window sticker, provision): request and response schemas. Routes parse with them,
 * lib/stickers produces values of their inferred types, and the OpenAPI document is generated from them.
 */
import { z } from "zod";
import { EXAMPLE_DEALER_VIN } from "../contract/examples";
import { MakeName } from "../vehicle";
import { vinParam } from "../vin";

export const PROVISION_LIMIT = 500;
export const PROVISION_LIVE_LIMIT = 25;

export const WindowStickerQuery = z
  .object({
    vin: vinParam({ description: "17 characters, no I, O or Q", examples: [EXAMPLE_DEALER_VIN] }),
    format: z
      .enum(["check", "build"])
      .optional()
      .describe(
        "`check` answers the availability check (JSON) instead of the PDF; `build` answers what the sticker says as data (JSON)",
      ),
  })
  .meta({ id: "WindowStickerQuery", description: "Query parameters of GET /api/dealer/v1/window-sticker." });

const StickerCheckReason = z.enum(["not_supported", "not_found"]);

export const WindowStickerCheck = z
  .object({
    available: z.boolean().describe("Whether the original window sticker PDF can be served for this VIN now"),
    manufacturer: z.string().describe("Manufacturer-group label, e.g. `GM (Chevrolet, GMC, Buick, Cadillac)`"),
    brand: z.string().describe("Make label, e.g. `Chevrolet`"),
    reason: StickerCheckReason.nullable().describe(
      "null when available; `not_supported` for a make without a manufacturer source; `not_found` when the manufacturer has no sticker",
    ),
    supported: z
      .array(z.string())
      .optional()
      .describe("Present only when reason is `not_supported`: the supported manufacturer-group labels"),
  })
  .meta({
    id: "WindowStickerCheck",
    description:
      "Window sticker availability check (format=check), answered from the archive and a live probe cached for a day.",
    examples: [
      { available: true, manufacturer: "Ford / Lincoln", brand: "Ford", reason: null },
      {
        available: false,
        manufacturer: "Toyota / Lexus",
        brand: "Toyota",
        reason: "not_supported",
        supported: [
          "GM (Chevrolet, GMC, Buick, Cadillac)",
          "Stellantis (Chrysler, Dodge, Jeep, Ram)",
          "Ford / Lincoln",
          "Hyundai",
          "Genesis",
        ],
      },
    ],
  });
export type WindowStickerCheck = z.infer<typeof WindowStickerCheck>;

const Dollars = z.number().describe("US dollars as printed on the label");

export const StickerBuild = z
  .object({
    baseMsrp: Dollars.nullable().describe("The base price (STANDARD VEHICLE PRICE, BASE PRICE, Base MSRP)"),
    options: z
      .array(z.object({ name: z.string(), msrp: Dollars }))
      .describe("Every option and package with a printed price, in label order (a no-charge colour is 0)"),
    destinationCharge: Dollars.nullable().describe("DESTINATION CHARGE, DESTINATION & DELIVERY or its wording"),
    totalMsrp: Dollars.nullable().describe("TOTAL VEHICLE PRICE, TOTAL MSRP or Total Price, as printed"),
    exteriorColor: z.string().nullable(),
    interiorColor: z.string().nullable(),
    engine: z.string().nullable(),
    transmission: z.string().nullable(),
    fuelEconomy: z
      .object({ city: z.number().nullable(), highway: z.number().nullable(), combined: z.number().nullable() })
      .nullable()
      .describe("The EPA box's miles per gallon; null when the label prints none"),
    assemblyPoint: z.string().nullable().describe("Final assembly point (city, state, country) as printed"),
  })
  .describe("What the window sticker says; a field the label does not show is null")
  .meta({ id: "StickerBuild" });
export type StickerBuild = z.infer<typeof StickerBuild>;

export const StickerParse = z
  .object({
    status: z
      .enum(["parsed", "no_text", "unreadable"])
      .describe(
        "parsed: read from the PDF's text layer; no_text: a scan without a text layer (build is all null); unreadable: the PDF could not be opened",
      ),
    consistent: z
      .boolean()
      .nullable()
      .describe(
        "Whether base + options + destination equals the printed total, to the cent; null when one of them is not printed",
      ),
    difference: z
      .number()
      .nullable()
      .describe("The printed total minus base + options + destination (0 when consistent); null when not checked"),
    parserVersion: z.int().describe("The parser's version: stored results are parsed again when it changes"),
    parsedAt: z.string().describe("When this PDF was parsed (ISO 8601)"),
  })
  .meta({ id: "StickerParse" });
export type StickerParse = z.infer<typeof StickerParse>;

export const WindowStickerBuild = z
  .object({
    vin: z.string(),
    source: z
      .string()
      .describe("Where the PDF came from now: `archive`, or the manufacturer group it was fetched from (gm, ford, …)"),
    build: StickerBuild,
    parsed: StickerParse,
  })
  .meta({
    id: "WindowStickerBuild",
    description: "The window sticker as data (format=build), parsed once per PDF from its text layer.",
    examples: [
      {
        vin: "1FTFW1E51PFA12345",
        source: "archive",
        build: {
          baseMsrp: 45_000,
          options: [
            { name: "EQUIPMENT GROUP 302A HIGH", msrp: 4_200 },
            { name: "AGATE BLACK METALLIC", msrp: 0 },
          ],
          destinationCharge: 1_995,
          totalMsrp: 51_195,
          exteriorColor: "AGATE BLACK METALLIC",
          interiorColor: "BLACK ACTIVEX",
          engine: "2.7L ECOBOOST V6",
          transmission: "10-SPEED AUTOMATIC",
          fuelEconomy: { city: 19, highway: 25, combined: 21 },
          assemblyPoint: "DEARBORN, MI, U.S.A.",
        },
        parsed: {
          status: "parsed",
          consistent: true,
          difference: 0,
          parserVersion: 1,
          parsedAt: "2026-11-29T01:00:00.000Z",
        },
      },
    ],
  });
export type WindowStickerBuild = z.infer<typeof WindowStickerBuild>;

export const ProvisionRequest = z
  .object({
    vins: z
      .array(z.string({ message: "every entry of vins must be a string" }), {
        message: "vins must be an array of VIN strings",
      })
      .min(1, { message: "vins must not be empty" })
      .max(PROVISION_LIMIT, { message: `at most ${PROVISION_LIMIT} VINs per request` })
      .describe(`VINs to check: at most ${PROVISION_LIMIT}, or ${PROVISION_LIVE_LIMIT} with live: true`),
    live: z
      .boolean()
      .optional()
      .describe("true asks the manufacturers for real (at most 25 VINs); otherwise an instant check by WMI"),
    decode: z
      .boolean()
      .optional()
      .describe(
        "true adds year, make, model and trim per VIN from the vPIC decoder data, and the window sticker's build data when a copy is archived",
      ),
  })
  .meta({
    id: "ProvisionRequest",
    description: "Bulk inventory check of POST /api/dealer/v1/provision.",
    examples: [{ vins: ["1GCUYDED9NZ123456", "1FTFW1E51PFA12345"], decode: true }],
  });
export type ProvisionRequest = z.infer<typeof ProvisionRequest>;

const ProvisionVehicle = z
  .object({
    year: z.int().meta({ description: "model year" }),
    make: MakeName,
    model: z.string(),
    trim: z.string().nullable(),
  })
  .nullable()
  .describe("Present when decode: true; null when the VIN could not be decoded");

const WmiStatus = z
  .enum(["supported", "not_supported", "invalid_vin"])
  .describe(
    "supported: a window sticker can be requested (a supported manufacturer group's make, or an archived copy is held); not_supported: nothing archived, and no manufacturer source for this make (reason unsupported_make) or a VIN outside NHTSA's US-market data, which decodes at manufacturer-code level only and has no US window sticker (reason wmi_only); invalid_vin: not a valid 17-character VIN",
  );
const LiveStatus = z
  .enum(["available", "fallback", "unknown", "invalid_vin"])
  .describe(
    "available: the manufacturer has the sticker (it is now archived); fallback: not from the manufacturer now, but an archived copy is served; unknown: no answer in time, no sticker, or not asked (see reason: not_supported for a make without a manufacturer source, wmi_only for a VIN outside NHTSA's US-market data, with nothing archived); invalid_vin: not a valid VIN",
  );

export const ProvisionResult = z.object({
  vin: z.string().describe("The VIN as normalized (upper case); an invalid entry as submitted"),
  status: z.union([WmiStatus, LiveStatus]),
  brand: z.string().describe("Make label from the WMI (or the decoder with decode: true); `Unknown` when none"),
  manufacturer: z.string().describe("Manufacturer-group label, or the make when it belongs to no known group"),
  reason: z
    .string()
    .optional()
    .describe(
      "Why a VIN is invalid_vin, not_supported, unknown or fallback (e.g. length, unsupported_make, wmi_only, not_found, fetch_error, deadline; live, a make without a manufacturer source is unknown with reason not_supported)",
    ),
  vehicle: ProvisionVehicle.optional(),
  build: StickerBuild.nullable()
    .optional()
    .describe(
      "Present when decode: true: what the archived window sticker says (as format=build answers it); null when no copy is archived or its text could not be read",
    ),
});
export type ProvisionResult = z.infer<typeof ProvisionResult>;

export const ProvisionResponse = z
  .object({
    mode: z.enum(["wmi", "live"]).describe("wmi for the default instant check; live when live: true"),
    note: z.string().describe("What the mode did and what its statuses mean"),
    results: z
      .array(ProvisionResult)
      .describe(
        "One entry per submitted VIN, in submission order (a repeated VIN is checked once and its entry repeated)",
      ),
  })
  .meta({
    id: "ProvisionResponse",
    description: "Provision response: one result per submitted VIN.",
    examples: [
      {
        mode: "wmi",
        note: "Instant check from each VIN's WMI; no manufacturer was contacted.",
        results: [
          {
            vin: "1FTFW1E51PFA12345",
            status: "supported",
            brand: "Ford",
            manufacturer: "Ford / Lincoln",
            vehicle: { year: 2023, make: "Ford", model: "F-150", trim: "XLT" },
          },
        ],
      },
    ],
  });
export type ProvisionResponse = z.infer<typeof ProvisionResponse>;

export const TrialSignup = z.object({
  name: z.string().trim().min(2, { message: "Enter the dealership's name." }).max(120),
  email: z.email({ message: "Enter a valid email address." }).max(200),
  location: z.string().trim().min(2, { message: "Enter the rooftop (city and state)." }).max(200),
});
export type TrialSignup = z.infer<typeof TrialSignup>;
