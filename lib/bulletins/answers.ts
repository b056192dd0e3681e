/**
 * The service bulletins' contract: the VIN report's section (BulletinsSection), the full list of a year/make/model
 * (GET /api/public/bulletins/{year}/{make}/{model}) and its query. The route, the MCP tool and the OpenAPI
 * document all take them from here.
 */
import { z } from "zod";
import { MakeName } from "../vehicle";
import { SectionReasonSchema, sectionStatus } from "../sources";
import { BULLETIN_TYPES } from "./classify";

export const LIST_LIMIT_DEFAULT = 25;
const LIST_LIMIT_MAX = 100;

const BulletinStatus = sectionStatus(
  "the NHTSA file of every period that can hold this model year's communications is imported (count 0 is a real none)",
);

export const BulletinItem = z
  .object({
    nhtsaId: z.int().meta({ description: "NHTSA's ID of the communication", examples: [11021817] }),
    documentId: z
      .string()
      .nullable()
      .meta({
        description:
          "the manufacturer's own document number, when the summary names it after a label (TSB, bulletin, campaign…); null when not known",
        examples: ["21-NA-123"],
      }),
    type: z.enum(BULLETIN_TYPES).meta({
      description:
        "classified from the summary by keywords: over_the_air_update, warranty_extension, service_campaign, bulletin, else other",
    }),
    issuedOn: z
      .string()
      .nullable()
      .meta({ description: "the communication's date (YYYY-MM-DD) when NHTSA's file gives one; null otherwise" }),
    summary: z.string().meta({ description: "NHTSA's concise summary of the communication" }),
    url: z.url().meta({
      description:
        "NHTSA's page of the year/make/model, whose manufacturer communications list this one by its NHTSA ID (with its PDF)",
    }),
  })
  .meta({ id: "ServiceBulletin" });
export type BulletinItem = z.infer<typeof BulletinItem>;

export const BulletinsSection = z
  .object({
    status: BulletinStatus,
    reason: SectionReasonSchema,
    checkedAt: z
      .string()
      .meta({ description: "ISO date-time of the NHTSA file the answer comes from (its sync or import)" }),
    count: z.int().min(0).nullable().meta({
      description:
        "manufacturer communications NHTSA lists for the year/make/model; null when unknown (never 0 for unknown)",
    }),
    newest: z.array(BulletinItem).meta({ description: "the newest few (the highest NHTSA IDs: the latest received)" }),
    url: z.string().meta({
      description: "this service's full list of them (a path on this server)",
      examples: ["/api/public/bulletins/2019/honda/civic"],
    }),
    nhtsaUrl: z.url().meta({ description: "NHTSA's page of the year/make/model" }),
    source: z.string().meta({ description: "attribution, and what is degraded" }),
  })
  .meta({
    id: "ServiceBulletins",
    description:
      "Manufacturer communications (technical service bulletins, service campaigns, warranty extensions, over-the-air updates) NHTSA lists for the year/make/model.",
  });
export type BulletinsSection = z.infer<typeof BulletinsSection>;

export const BulletinsQuery = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, { message: "must be a whole number" })
    .transform(Number)
    .refine((n) => n >= 1 && n <= LIST_LIMIT_MAX, { message: `must be from 1 to ${LIST_LIMIT_MAX}` })
    .optional()
    .meta({
      description: `communications per page, 1-${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT})`,
      examples: ["25"],
    }),
  cursor: z
    .string()
    .regex(/^\d{1,10}$/, { message: "must be the nextCursor of an earlier page" })
    .transform(Number)
    .optional()
    .meta({ description: "`nextCursor` of the previous page; absent for the first page" }),
});

export const BulletinsResponse = z
  .object({
    year: z.int().meta({ description: "model year" }),
    make: MakeName,
    model: z.string().meta({ description: "model, as NHTSA vPIC names it" }),
    status: BulletinStatus,
    reason: SectionReasonSchema,
    checkedAt: z.string(),
    count: z.int().min(0).nullable().meta({
      description:
        "all the communications of the year/make/model (every page); null when unknown (never 0 for unknown)",
    }),
    items: z.array(BulletinItem).meta({ description: "this page, newest first (the highest NHTSA IDs first)" }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "pass as `cursor` for the next page; null on the last page" }),
    nhtsaUrl: z.url().meta({ description: "NHTSA's page of the year/make/model" }),
    source: z.string().meta({ description: "attribution, and what is degraded" }),
  })
  .meta({
    id: "ServiceBulletinsResponse",
    description: "NHTSA's manufacturer communications for the year/make/model, newest first, a page at a time.",
    examples: [
      {
        year: 2019,
        make: "Honda",
        model: "Civic",
        status: "ok",
        checkedAt: "2026-11-24T04:53:10.000Z",
        count: 1,
        items: [
          {
            nhtsaId: 10169403,
            documentId: "19-041",
            type: "bulletin",
            issuedOn: null,
            summary: "SERVICE BULLETIN 19-041: THE ENGINE MAY HESITATE ON A SLOW ROLL; UPDATE THE PCM SOFTWARE.",
            url: "https://www.nhtsa.gov/vehicle/2019/HONDA/CIVIC",
          },
        ],
        nextCursor: null,
        nhtsaUrl: "https://www.nhtsa.gov/vehicle/2019/HONDA/CIVIC",
        source: "NHTSA manufacturer communications, local copy of NHTSA's MFR_COMMS files",
      },
    ],
  });
export type BulletinsResponse = z.infer<typeof BulletinsResponse>;
