/**
 * Rows in NHTSA's recalls API shape (recallsByVehicle and campaignNumber results; the same columns in CSV
 * exports of it): Manufacturer, NHTSACampaignNumber, parkIt, parkOutSide, overTheAirUpdate (newer answers
 * only), ReportReceivedDate (DD/MM/YYYY), Component, Summary, Consequence, Remedy, Notes, ModelYear, Make,
 * Model, PotentialNumberofUnitsAffected (campaign answers).
 */
import { z } from "zod";
import { CAMPAIGN_NUMBER, count, flag, isoDate, normalizeCampaignNumber, text, type RecallRecord } from "./record";

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();

/** Loose on purpose: NHTSA adds fields over time, and a missing optional field must not lose the row. */
const nhtsaRecallRow = z.looseObject({
  Manufacturer: scalar,
  NHTSACampaignNumber: z.string(),
  parkIt: scalar,
  parkOutSide: scalar,
  overTheAirUpdate: scalar,
  ReportReceivedDate: scalar,
  Component: scalar,
  Summary: scalar,
  Consequence: scalar,
  Remedy: scalar,
  Notes: scalar,
  ModelYear: scalar,
  Make: scalar,
  Model: scalar,
  PotentialNumberofUnitsAffected: scalar,
});

/** `{Count, Message, results}`; NHTSA's campaign endpoint has been seen spelling it `Results`. */
export const nhtsaRecallsResponse = z
  .looseObject({
    Count: z.number().optional(),
    Message: z.string().optional(),
    results: z.array(z.unknown()).optional(),
    Results: z.array(z.unknown()).optional(),
  })
  .refine((r) => r.results !== undefined || r.Results !== undefined, { message: "no results array" })
  .transform((r) => ({ count: r.Count ?? null, message: r.Message ?? null, rows: (r.results ?? r.Results)! }));

export type RowResult = { ok: true; record: RecallRecord } | { ok: false; detail: string };

export function recordFromNhtsaRow(input: unknown): RowResult {
  const parsed = nhtsaRecallRow.safeParse(input);
  if (!parsed.success) return { ok: false, detail: parsed.error.issues[0]?.message ?? "not a recall row" };
  const row = parsed.data;
  const campaignNumber = normalizeCampaignNumber(row.NHTSACampaignNumber);
  if (!CAMPAIGN_NUMBER.test(campaignNumber)) return { ok: false, detail: `bad campaign number "${campaignNumber}"` };
  const year = Number(text(row.ModelYear));
  const make = text(row.Make);
  const model = text(row.Model);
  if (!Number.isInteger(year) || !make || !model) {
    return { ok: false, detail: `${campaignNumber}: missing ModelYear/Make/Model` };
  }
  return {
    ok: true,
    record: {
      campaignNumber,
      manufacturer: text(row.Manufacturer),
      component: text(row.Component),
      summary: text(row.Summary),
      consequence: text(row.Consequence),
      remedy: text(row.Remedy),
      notes: text(row.Notes),
      reportReceivedDate: isoDate(text(row.ReportReceivedDate)),
      parkIt: flag(row.parkIt),
      parkOutside: flag(row.parkOutSide),
      overTheAirUpdate: flag(row.overTheAirUpdate),
      potentiallyAffected: count(row.PotentialNumberofUnitsAffected),
      make,
      model,
      year,
    },
  };
}
