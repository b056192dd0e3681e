/**
 * The VIN report's contract (decodeVin): path and query parameters, and the response.
 * lib/report builds exactly this shape; the OpenAPI document is generated from these schemas.
 */
import { EXAMPLE_VIN } from "../contract/examples";
import { z } from "zod";
import { queryFlag } from "../contract/params";
import { vinParam } from "../vin";
import { RecallItem, RecallsAsOf, RecallStatus } from "../recalls";
import { SectionReasonSchema } from "../sources";
import { DataStatus, demoDeals, PriceBand } from "../pricing";
import { DecodedVehicleSchema, WmiOnlyVehicleSchema } from "../vin";
import { ComplaintsSection, FuelEconomySection, SafetyRatingsSection } from "../sources";
import { BulletinsSection } from "../bulletins";
import { InvestigationsSection } from "../investigations";
import { CanadaRecallsSection } from "../canada-recalls";

/** `true`/`false` in any case, or 1/0, in a query string (lib/contract/params.ts); default true. */
const flag = (description: string) => queryFlag(description, true);

export const VinPathParams = z.object({
  vin: vinParam({
    description: "17-character VIN; letters I, O and Q are not allowed (lower case is accepted and upper-cased)",
    examples: [EXAMPLE_VIN],
  }),
});

export const VinReportQuery = z.object({
  pricing: flag("false skips the pricing lookup and leaves `pricing` out of the response"),
  recalls: flag("false skips the recall lookup and leaves `recalls` out of the response"),
  insight: flag("false skips the insight (faster) and leaves `insight` out of the response"),
  safetyRatings: flag("false skips the NCAP ratings lookup and leaves `safetyRatings` out of the response"),
  complaints: flag("false skips the owner-complaints lookup and leaves `complaints` out of the response"),
  fuelEconomy: flag("false skips the EPA fuel-economy lookup and leaves `fuelEconomy` out of the response"),
  investigations: flag("false skips the defect investigations and leaves `investigations` out of the response"),
  bulletins: flag("false skips the service bulletins and leaves `bulletins` out of the response"),
  canadaRecalls: flag("false skips the Transport Canada recalls and leaves `canadaRecalls` out of the response"),
});
export type VinReportFlags = z.output<typeof VinReportQuery>;
/** The sections a batch can ask for (GET /api/public/vins): the buyer-data sections are per VIN, not per vehicle. */
export type BatchSectionFlags = Pick<VinReportFlags, "pricing" | "recalls" | "insight">;

export const VinPricingSection = z
  .object({
    available: z.boolean().meta({
      description:
        "true when pricing figures are given; false when no pricing exists, the sample is too small to publish, or the lookup failed",
    }),
    reason: z.string().nullable().meta({ description: "why pricing is not available; null when it is" }),
    sampleSize: z
      .int()
      .min(0)
      .nullable()
      .meta({ description: "deals for the decoded year/make/model; null when unknown (lookup failed)" }),
    demoDeals: demoDeals().nullable().meta({
      description:
        "how many of those deals are vinscope's generated demo data, not real transactions (0: all verified); null when unknown",
    }),
    dataStatus: z
      .union([DataStatus, z.literal("none")])
      .nullable()
      .meta({ description: "as in PricingResponse, `none` without deals, null when the lookup failed" }),
    averageSellingPrice: z.number().nullable(),
    averageDiscountPercent: z.number().nullable(),
    priceBand: PriceBand.nullable(),
    url: z
      .url()
      .nullable()
      .meta({ description: "pricing page of the decoded year/make/model; null when there is none" }),
    citation: z.string().nullable(),
    source: z
      .string()
      .nullable()
      .meta({ description: "attribution of the pricing figures (says when they are demo data)" }),
  })
  .meta({ id: "VinPricing", description: "Aggregate buyer pricing for the decoded year/make/model." });
export type VinPricingSection = z.infer<typeof VinPricingSection>;

export const VinRecallsSection = z
  .object({
    count: z.int().min(0).nullable().meta({
      description: "number of recall campaigns in items; null when status is unavailable (unknown is not zero)",
    }),
    items: z.array(RecallItem),
    url: z.url().meta({ description: "recall-check page of the decoded year/make/model" }),
    status: RecallStatus,
    reason: SectionReasonSchema,
    checkedAt: z.string().meta({ description: "ISO date-time the recall data was last confirmed" }),
    source: z.string(),
    asOf: RecallsAsOf,
  })
  .meta({ id: "VinRecalls", description: "Open NHTSA recalls for the decoded year/make/model." });
export type VinRecallsSection = z.infer<typeof VinRecallsSection>;

const InsightSchema = z
  .object({
    text: z.string().meta({ description: "a 2-3 sentence factual paragraph, at most 60 words" }),
    model: z.string().meta({
      description:
        "identifier of the writer: an AI model id, or `vinscope-facts-v1` for the deterministic factual summary used when no AI model is available",
    }),
    generatedAt: z.iso.datetime(),
  })
  .meta({ id: "VinInsight", description: "Short insight for the year/make/model, cached 30 days." });

const VinCheck = z
  .object({
    checkDigit: z.object({
      valid: z.boolean(),
      expected: z.string().meta({ description: "check digit computed per ISO 3779 / 49 CFR 565.15 (X for 10)" }),
      actual: z.string().meta({ description: "the VIN's 9th character" }),
    }),
    errorCodes: z
      .array(z.string())
      .meta({ description: "NHTSA vPIC error codes (0 = decoded clean; 1 = check digit does not calculate; …)" }),
    errorText: z.string().meta({ description: "NHTSA's texts for the error codes" }),
    descriptor: z.string().meta({ description: "NHTSA vehicle descriptor (VIN positions 1-11, position 9 as *)" }),
    vpicDataDate: z.string().meta({ description: "date of the vPIC data the decode used" }),
    checkDigitMandatory: z.boolean().meta({
      description:
        "ISO 3779: true for North American VINs (first character 1-5), where a wrong check digit means a wrong VIN; false elsewhere, where manufacturers need not compute it (the result is advisory)",
    }),
  })
  .meta({
    id: "VinCheck",
    description:
      "How the VIN decoded: the check-digit result and NHTSA's error codes. A VIN with a wrong check digit is still decoded, as NHTSA does.",
  });

const VinCoverage = z.enum(["vpic", "wmi_only"]).meta({
  description:
    "vpic: decoded with NHTSA's vPIC patterns (a US-market vehicle). wmi_only: outside the US-market data: no pattern names the model, " +
    "so only what the manufacturer code (WMI, positions 1-3) and position 10 tell is given; model is null. A VIN whose WMI names no " +
    "manufacturer is a 404 instead.",
});

const VinOrigin = z
  .object({
    region: z.enum(["Africa", "Asia", "Europe", "North America", "Oceania", "South America"]).nullable(),
    country: z
      .string()
      .nullable()
      .meta({ description: "country the WMI is allocated to (ISO 3780), upper case; null when unallocated" }),
  })
  .meta({ description: "where the VIN's manufacturer code was issued (ISO 3780 regions and countries)" });

export const VinDecodeResponse = z
  .object({
    source: z.string().meta({ description: "data attribution text" }),
    vin: z.string().meta({ description: "the requested VIN (upper case)" }),
    permalink: z.url().meta({ description: "canonical page for the VIN" }),
    decoded: z.union([DecodedVehicleSchema, WmiOnlyVehicleSchema]).meta({
      description: "the decoded vehicle (DecodedVehicle); with coverage wmi_only, DecodedVehicleWmiOnly (model null)",
    }),
    coverage: VinCoverage,
    origin: VinOrigin,
    pricing: VinPricingSection.optional().meta({ description: "left out when pricing=false" }),
    recalls: VinRecallsSection.optional().meta({
      description:
        "left out when recalls=false, and with coverage wmi_only (NHTSA publishes recalls per US-market year, make and model)",
    }),
    insight: InsightSchema.nullable()
      .optional()
      .meta({ description: "null when no insight could be produced in time; left out when insight=false" }),
    safetyRatings: SafetyRatingsSection.optional().meta({
      description:
        "NHTSA NCAP star ratings of the variants that fit the VIN; left out when safetyRatings=false and with coverage wmi_only",
    }),
    complaints: ComplaintsSection.optional().meta({
      description:
        "NHTSA owner complaints for the year/make/model; left out when complaints=false and with coverage wmi_only",
    }),
    fuelEconomy: FuelEconomySection.optional().meta({
      description:
        "EPA fuel economy of the variants that fit the VIN; left out when fuelEconomy=false and with coverage wmi_only",
    }),
    investigations: InvestigationsSection.optional().meta({
      description:
        "NHTSA defect investigations (an open one is a caution, not a recall); left out when investigations=false or wmi_only",
    }),
    bulletins: BulletinsSection.optional().meta({
      description: "manufacturer communications (service bulletins); left out when bulletins=false or wmi_only",
    }),
    canadaRecalls: CanadaRecallsSection.optional().meta({
      description: "Transport Canada recalls; left out when canadaRecalls=false or wmi_only",
    }),
    citation: z.string().meta({ description: "suggested citation text" }),
    vinCheck: VinCheck,
    elements: z.record(z.string(), z.string()).meta({
      description: "every element the decode produced, under NHTSA's DecodeVinValues variable names",
    }),
  })
  .meta({ id: "VinDecodeResponse", description: "A decoded VIN with pricing, open recalls and an insight." });
export type VinDecodeResponse = z.infer<typeof VinDecodeResponse>;
