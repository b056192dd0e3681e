/**
 * The dealer API's contract (window sticker, provision): request and response schemas. Routes parse with them,
 * lib/stickers produces values of their inferred types, and the OpenAPI document is generated from them.
 */
import { z } from "zod";
import { EXAMPLE_DEALER_VIN } from "../contract/examples";
import { MakeName } from "../vehicle";
import { vinParam } from "../vin/vin-param";

export const PROVISION_LIMIT = 500;
export const PROVISION_LIVE_LIMIT = 25;

export const WindowStickerQuery = z
  .object({
    vin: vinParam({ description: "17 characters, no I, O or Q", examples: [EXAMPLE_DEALER_VIN] }),
    format: z.enum(["check"]).optional().describe("`check` answers the availability check (JSON) instead of the PDF"),
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
    decode: z.boolean().optional().describe("true adds year, make, model and trim per VIN from the vPIC decoder data"),
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
  .enum(["available", "fallback", "unknown", "not_supported", "invalid_vin"])
  .describe(
    "available: the manufacturer has the sticker (it is now archived); fallback: not from the manufacturer now, but an archived copy is served; unknown: no answer in time, or no sticker (see reason); not_supported: not asked, for the reasons of the instant check (unsupported_make, wmi_only), and nothing archived; invalid_vin: not a valid VIN",
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
      "Why a VIN is invalid_vin, not_supported, unknown or fallback (e.g. length, unsupported_make, wmi_only, not_found, fetch_error, deadline)",
    ),
  vehicle: ProvisionVehicle.optional(),
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
