/**
 * What the Canadian recalls answer: the VIN report's section (count, the newest few, a link to the list) and the
 * year/make/model route's full list. One source of truth for the report, the route, OpenAPI and MCP.
 */
import { z } from "zod";
import { SectionReasonSchema, sectionStatus } from "../sources";
import { MakeName } from "../vehicle";

/** Required by the Open Government Licence – Canada wherever Transport Canada's data is shown. */
export const OGL_ATTRIBUTION = "Contains information licensed under the Open Government Licence – Canada." as const;

export const CanadaRecallItem = z
  .object({
    recallNumber: z.string().meta({ description: "Transport Canada's recall number", examples: ["2023123"] }),
    recallDate: z.string().nullable().meta({ description: "date of the recall (YYYY-MM-DD); null when not given" }),
    system: z
      .string()
      .meta({ description: "the system affected, as Transport Canada names it", examples: ["Airbags"] }),
    category: z.string().meta({ description: "vehicle category", examples: ["Car", "Truck", "SUV"] }),
    notificationType: z
      .string()
      .meta({ description: "how the recall was notified", examples: ["Safety Mfr", "Compliance Mfr"] }),
    unitsAffected: z.int().min(0).nullable().meta({ description: "units affected in Canada; null when not given" }),
    comment: z
      .string()
      .meta({ description: "Transport Canada's description (issue, safety risk, corrective actions)" }),
    commentFr: z.string().meta({ description: "the same in French, as Transport Canada publishes it" }),
    manufacturerRecallNumber: z
      .string()
      .nullable()
      .meta({ description: "the manufacturer's own recall number; null when Transport Canada gives none" }),
    nhtsaCampaignNumber: z
      .string()
      .nullable()
      .meta({
        description:
          "the US (NHTSA) recall campaign with the same manufacturer recall number and make, when this server holds it; null otherwise",
        examples: ["23V123000"],
      }),
    url: z.url().meta({ description: "the recall's page in Transport Canada's recalls database" }),
  })
  .meta({ id: "CanadaRecallItem", description: "A Transport Canada recall as it applies to one vehicle." });
export type CanadaRecallItem = z.infer<typeof CanadaRecallItem>;

const CanadaRecallsStatus = sectionStatus(
  "Transport Canada's file is mirrored and current: count 0 means no Canadian recall lists the vehicle",
);

const sectionFields = {
  status: CanadaRecallsStatus,
  reason: SectionReasonSchema,
  checkedAt: z
    .string()
    .meta({ description: "ISO date-time the mirrored data was last confirmed with Transport Canada" }),
  count: z.int().min(0).nullable().meta({
    description: "Transport Canada recalls of the year/make/model; null when unknown (never 0 for unknown)",
  }),
  source: z
    .string()
    .meta({ description: "attribution (with the Open Government Licence – Canada statement), and what is degraded" }),
};

export const CanadaRecallsSection = z
  .object({
    ...sectionFields,
    newest: z
      .array(CanadaRecallItem)
      .meta({ description: "the newest few recalls (their comments cut to an excerpt ending in ...)" }),
    url: z.url().meta({ description: "the full list: this server's /api/public/canada-recalls route for the vehicle" }),
  })
  .meta({
    id: "CanadaRecalls",
    description: "Recalls in Canada (Transport Canada) for the decoded year/make/model; some have no US campaign.",
  });
export type CanadaRecallsSection = z.infer<typeof CanadaRecallsSection>;

export const CanadaRecallsResponse = z
  .object({
    year: z.int().meta({ description: "model year" }),
    make: MakeName,
    model: z.string().meta({ description: "model, as NHTSA vPIC names it" }),
    ...sectionFields,
    recalls: z.array(CanadaRecallItem).meta({ description: "every recall, newest first" }),
    url: z.url().meta({ description: "this list" }),
    attribution: z.literal(OGL_ATTRIBUTION),
  })
  .meta({
    id: "CanadaRecallsResponse",
    description: "Transport Canada recalls of a year/make/model, newest first, linked to their US campaigns.",
  });
export type CanadaRecallsResponse = z.infer<typeof CanadaRecallsResponse>;
