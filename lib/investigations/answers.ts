/**
 * The defect investigations' contract: the VIN report's section (InvestigationsSection) and the full list of a
 * year/make/model (GET /api/public/investigations/{year}/{make}/{model}). The route, the MCP tool and the OpenAPI
 * document all take them from here. An investigation is a caution, not a recall: the recall it led to, if any, is
 * named in `recall`.
 */
import { z } from "zod";
import { MakeName } from "../vehicle";
import { SectionReasonSchema, sectionStatus } from "../sources";
import { ACTION_TYPE_CODES, ACTION_TYPES } from "./action-type";

const InvestigationStatus = sectionStatus(
  "NHTSA's investigations file is synced or imported and current (count 0 is a real none)",
);

export const InvestigationItem = z
  .object({
    actionNumber: z.string().meta({ description: "NHTSA's action number of the investigation", examples: ["PE24013"] }),
    type: z
      .object({
        code: z.enum(ACTION_TYPE_CODES).meta({ description: "the action number's first two letters" }),
        name: z.string().meta({
          description: `what the code means: ${Object.entries(ACTION_TYPES)
            .map(([code, name]) => `${code} ${name}`)
            .join(", ")}`,
          examples: ["preliminary evaluation"],
        }),
      })
      .meta({ description: "the kind of investigation" }),
    openedOn: z.string().meta({ description: "when NHTSA opened it (YYYY-MM-DD)" }),
    closedOn: z.string().nullable().meta({ description: "when NHTSA closed it (YYYY-MM-DD); null while open" }),
    open: z.boolean().meta({ description: "true while the investigation is open (no closing date)" }),
    component: z.string().meta({ description: "the component NHTSA names, as in its file" }),
    subject: z.string().meta({ description: "the investigation's subject" }),
    summary: z.string().meta({ description: "NHTSA's summary of the investigation" }),
    manufacturer: z.string().meta({ description: "the manufacturer investigated, as NHTSA names it" }),
    recall: z
      .object({
        campaignNumber: z.string().meta({ description: "NHTSA's recall campaign number", examples: ["24V123000"] }),
        url: z.string().meta({
          description:
            "this service's answer of the campaign (a path on this server) when its recall data holds it; otherwise NHTSA's page of the campaign",
        }),
      })
      .nullable()
      .meta({ description: "the recall campaign the investigation led to; null when none" }),
  })
  .meta({ id: "DefectInvestigation" });
export type InvestigationItem = z.infer<typeof InvestigationItem>;

const count = (of: string) =>
  z
    .int()
    .min(0)
    .nullable()
    .meta({ description: `${of}; null when unknown (never 0 for unknown)` });
const nhtsaUrl = z.url().meta({
  description:
    "NHTSA's page of the year/make/model, which lists its investigations (NHTSA has no stable page per investigation)",
});
const source = z.string().meta({ description: "attribution, and what is degraded" });

export const InvestigationsSection = z
  .object({
    status: InvestigationStatus,
    reason: SectionReasonSchema,
    checkedAt: z
      .string()
      .meta({ description: "ISO date-time of the NHTSA file the answer comes from (its sync or import)" }),
    count: count("NHTSA defect investigations of the year/make/model, open or closed"),
    openCount: count("of them, those still open"),
    newest: z
      .array(InvestigationItem)
      .meta({ description: "the first few: open ones first, then the most recently opened" }),
    url: z.string().meta({
      description: "this service's full list of them (a path on this server)",
      examples: ["/api/public/investigations/2019/honda/civic"],
    }),
    nhtsaUrl,
    source,
  })
  .meta({
    id: "DefectInvestigations",
    description:
      "NHTSA defect investigations (preliminary evaluations, engineering analyses, recall queries, defect petitions, audit queries, information requests) that name the year/make/model. An open investigation is not a recall.",
  });
export type InvestigationsSection = z.infer<typeof InvestigationsSection>;

export const InvestigationsResponse = z
  .object({
    year: z.int().meta({ description: "model year" }),
    make: MakeName,
    model: z.string().meta({ description: "model, as NHTSA vPIC names it" }),
    status: InvestigationStatus,
    reason: SectionReasonSchema,
    checkedAt: z.string(),
    count: count("NHTSA defect investigations of the year/make/model, open or closed"),
    openCount: count("of them, those still open"),
    items: z.array(InvestigationItem).meta({
      description:
        "every investigation once (NHTSA files one row per vehicle), open ones first, then the most recently opened",
    }),
    nhtsaUrl,
    source,
  })
  .meta({
    id: "DefectInvestigationsResponse",
    description:
      "NHTSA's defect investigations that name the year/make/model, each with its type, dates, component, subject, summary and the recall it led to.",
    examples: [
      {
        year: 2019,
        make: "Honda",
        model: "Civic",
        status: "ok",
        checkedAt: "2026-11-29T05:17:42.000Z",
        count: 2,
        openCount: 1,
        items: [
          {
            actionNumber: "PE24013",
            type: { code: "PE", name: "preliminary evaluation" },
            openedOn: "2024-05-02",
            closedOn: null,
            open: true,
            component: "STEERING",
            subject: "Loss of power steering assist",
            summary: "The agency has received complaints alleging a sudden loss of power steering assist.",
            manufacturer: "American Honda Motor Co.",
            recall: null,
          },
          {
            actionNumber: "EA21002",
            type: { code: "EA", name: "engineering analysis" },
            openedOn: "2021-03-15",
            closedOn: "2022-08-30",
            open: false,
            component: "AIR BAGS",
            subject: "Air bag inflator rupture",
            summary: "The investigation was closed after the manufacturer filed a recall.",
            manufacturer: "American Honda Motor Co.",
            recall: { campaignNumber: "22V123000", url: "https://www.nhtsa.gov/recalls?nhtsaId=22V123000" },
          },
        ],
        nhtsaUrl: "https://www.nhtsa.gov/vehicle/2019/HONDA/CIVIC",
        source: "NHTSA defect investigations, local copy of NHTSA's FLAT_INV file",
      },
    ],
  });
export type InvestigationsResponse = z.infer<typeof InvestigationsResponse>;
