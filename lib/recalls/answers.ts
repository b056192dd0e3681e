/**
 * GET /api/recalls: request and response schemas. One source of truth for validation, types,
 * the OpenAPI document and the MCP `check_recalls` tool.
 *
 * NHTSA publishes recall campaigns per model year, make and model; it has no public per-VIN recall list. So
 * recalls "for a VIN" are the campaigns of the VIN's decoded year/make/model: whether the remedy has already
 * been done on one particular vehicle only its manufacturer or a dealer can say.
 */
import { EXAMPLE_VIN } from "../contract/examples";
import { z } from "zod";
import { modelYearParam } from "../contract/params";
import { vinParam } from "../vin";
import { type Vin } from "../vin";
import { MakeName, newestModelYear, type VehicleQuery } from "../vehicle";
import { SectionReasonSchema, sectionStatus } from "../sources";

/** Model years accepted: 1949 (the oldest vehicles NHTSA's data can name) to two years ahead of today. */
export const RECALL_MIN_YEAR = 1949;
export const recallMaxYear = newestModelYear;

const CAMPAIGN_FORMAT = /^\d{2}[A-Z][0-9A-Z]{6}$/;

const trimmed = (max: number) => z.string().trim().min(1).max(max);

export const RecallsQuery = z
  .object({
    vin: vinParam({
      description:
        "17-character VIN (any case; letters I, O, Q are not allowed); its decoded year/make/model is looked up",
      examples: ["1HGCM82633A004352"],
    }).optional(),
    make: trimmed(60)
      .optional()
      .meta({ description: "vehicle make (any case; slugs such as mercedes-benz work)", examples: ["Honda"] }),
    model: trimmed(100)
      .optional()
      .meta({ description: "vehicle model", examples: ["Accord"] }),
    year: modelYearParam({
      min: RECALL_MIN_YEAR,
      max: recallMaxYear,
      malformed: "must be a four-digit model year",
      outOfRange: `must be a model year from ${RECALL_MIN_YEAR} to two years after the current year`,
      description: `model year, ${RECALL_MIN_YEAR} to the current year + 2`,
      example: 2003,
      trim: true,
    }).optional(),
    campaign: z
      .string()
      .trim()
      .toUpperCase()
      .regex(CAMPAIGN_FORMAT, { message: "must be an NHTSA campaign number such as 24V436000" })
      .optional()
      .meta({ description: "NHTSA campaign number", examples: ["24V436000"] }),
  })
  .superRefine((q, ctx) => {
    const vehicle = (["make", "model", "year"] as const).filter((k) => q[k] !== undefined);
    const ways = [q.vin !== undefined, vehicle.length > 0, q.campaign !== undefined].filter(Boolean).length;
    if (ways > 1) {
      const param = q.vin !== undefined ? "vin" : "campaign";
      ctx.addIssue({
        code: "custom",
        path: [param],
        message: "give exactly one of: vin; make, model and year; or campaign",
      });
      return;
    }
    if (ways === 0) {
      ctx.addIssue({ code: "custom", path: ["vin"], message: "give a vin, or make, model and year, or a campaign" });
      return;
    }
    if (vehicle.length > 0 && vehicle.length < 3) {
      for (const k of (["make", "model", "year"] as const).filter((k) => q[k] === undefined)) {
        ctx.addIssue({ code: "custom", path: [k], message: `is required together with ${vehicle.join(" and ")}` });
      }
    }
  })
  .meta({
    id: "RecallsQuery",
    description:
      "Either `vin`, or `make` + `model` + `year`, or `campaign`. Any other combination is a 400 problem naming the parameter.",
    examples: [{ vin: EXAMPLE_VIN }, { make: "Ford", model: "F-150", year: 2022 }, { campaign: "24V436000" }],
  });

export type RecallsQueryInput = z.infer<typeof RecallsQuery>;

export type RecallsRequest =
  { kind: "vin"; vin: Vin } | ({ kind: "vehicle" } & VehicleQuery) | { kind: "campaign"; campaign: string };

/** The validated query as what it asks for (RecallsQuery guarantees exactly one complete form). */
export function recallsRequest(q: RecallsQueryInput): RecallsRequest {
  if (q.vin !== undefined) return { kind: "vin", vin: q.vin };
  if (q.campaign !== undefined) return { kind: "campaign", campaign: q.campaign };
  return { kind: "vehicle", year: q.year!, make: q.make!, model: q.model! };
}

export const RecallItem = z
  .object({
    campaignNumber: z.string().describe("NHTSA campaign number, e.g. 24V436000"),
    component: z.string().describe("affected component(s) as NHTSA names them; several are joined by '; '"),
    summary: z.string(),
    consequence: z.string(),
    remedy: z.string(),
    reportReceivedDate: z
      .string()
      .describe("date NHTSA received the manufacturer's report, YYYY-MM-DD ('' if unknown)"),
    parkIt: z.boolean().describe("do not drive: NHTSA advises not to drive the vehicle until repaired"),
    parkOutside: z.boolean().describe("park outside and away from structures until repaired (fire risk)"),
    overTheAirUpdate: z.boolean().describe("the remedy can be delivered as an over-the-air software update"),
  })
  .meta({ id: "RecallItem", description: "One recall campaign covering the vehicle." });
export type RecallItem = z.infer<typeof RecallItem>;

export const RecallStatus = sectionStatus(
  "a current answer (the local mirror of NHTSA's recall files while it is fresh, NHTSA within 6 hours, or imported " +
    "data when the service runs offline)",
);

/** How old the data behind an answer is (additive to checkedAt, which older clients read). */
export const RecallsAsOf = z
  .string()
  .optional()
  .describe(
    "ISO date-time of the data this answer was built from: the last sync of the local recall mirror, or when NHTSA " +
      "answered live; absent when nothing is known (status unavailable)",
  );

export const RecallsResponse = z
  .object({
    vin: z.string().optional().describe("the VIN asked about, when asked by VIN"),
    year: z.number().int(),
    make: MakeName,
    model: z.string(),
    count: z
      .number()
      .int()
      .nullable()
      .describe("number of recall campaigns listed in items; null when status is unavailable (unknown is not zero)"),
    items: z.array(RecallItem).describe("newest report first"),
    url: z.url().describe("page of this recall check"),
    source: z.string().describe("data attribution and how this answer was obtained"),
    status: RecallStatus,
    reason: SectionReasonSchema,
    checkedAt: z.string().describe("ISO date-time the data was last confirmed (for unavailable: when it was tried)"),
    asOf: RecallsAsOf,
  })
  .meta({
    id: "RecallsResponse",
    description:
      "Open NHTSA recall campaigns for a model year, make and model (for a VIN: its decoded year/make/model). " +
      "NHTSA lists campaigns per year/make/model; whether a particular VIN's remedy has been done is for the " +
      "manufacturer or a dealer to say.",
  });
export type RecallsResponse = z.infer<typeof RecallsResponse>;

export const RecallCampaignResponse = z
  .object({
    campaignNumber: z.string(),
    manufacturer: z.string(),
    component: z.string(),
    summary: z.string(),
    consequence: z.string(),
    remedy: z.string(),
    notes: z.string(),
    reportReceivedDate: z.string().describe("YYYY-MM-DD ('' if unknown)"),
    parkIt: z.boolean(),
    parkOutside: z.boolean(),
    overTheAirUpdate: z.boolean(),
    potentiallyAffected: z.number().int().nullable().describe("potential number of units affected"),
    vehicles: z
      .array(z.object({ year: z.number().int(), make: MakeName, model: z.string(), component: z.string() }))
      .describe("every year/make/model (and component) the campaign covers; year 9999 = unknown to NHTSA"),
    source: z.string(),
    checkedAt: z.string().describe("ISO date-time the campaign data was last written"),
  })
  .meta({ id: "RecallCampaignResponse", description: "One NHTSA recall campaign, by campaign number." });
export type RecallCampaignResponse = z.infer<typeof RecallCampaignResponse>;
