/**
 * NHTSA's SafetyRatings answers, read strictly enough to trust and loosely enough for NHTSA's quirks: stars
 * come as text ("5", "Not Rated"), rollover risk as a fraction (0.109), an unrated variant as zeros.
 *
 *   GET /SafetyRatings/modelyear/{year}/make/{make}/model/{model}  → { Count, Message, Results: [{ VehicleDescription, VehicleId }] }
 *   GET /SafetyRatings/VehicleId/{id}                              → { Count, Message, Results: [{ OverallRating, …, VehicleId }] }
 */
import { z } from "zod";
import type { NcapRatings } from "../sources";

const resultsEnvelope = z.object({ Results: z.array(z.unknown()) }).loose();

export interface NcapVariantRow {
  vehicleId: number;
  description: string;
}

const variantRow = z
  .object({ VehicleId: z.coerce.number().int().positive(), VehicleDescription: z.string().trim().min(1) })
  .loose();

/** The variants NHTSA tested for a year/make/model; null when the body is not a SafetyRatings answer. */
export function readNcapVariants(body: unknown): NcapVariantRow[] | null {
  const parsed = resultsEnvelope.safeParse(body);
  if (!parsed.success) return null;
  const rows: NcapVariantRow[] = [];
  for (const r of parsed.data.Results) {
    const row = variantRow.safeParse(r);
    if (row.success) rows.push({ vehicleId: row.data.VehicleId, description: row.data.VehicleDescription });
  }
  return rows;
}

/** The ratings of one tested variant; null when the body is not a SafetyRatings answer for it. */
export function readNcapRatings(body: unknown): NcapRatings | null {
  const parsed = resultsEnvelope.safeParse(body);
  if (!parsed.success || parsed.data.Results.length === 0) return null;
  const r = parsed.data.Results[0];
  if (!r || typeof r !== "object") return null;
  const row = r as Record<string, unknown>;
  const rollover = stars(row.RolloverRating);
  const risk = typeof row.RolloverPossibility === "number" ? row.RolloverPossibility : Number(row.RolloverPossibility);
  return {
    overall: stars(row.OverallRating),
    frontCrash: stars(row.OverallFrontCrashRating),
    frontCrashDriver: stars(row.FrontCrashDriversideRating),
    frontCrashPassenger: stars(row.FrontCrashPassengersideRating),
    sideCrash: stars(row.OverallSideCrashRating),
    sideCrashDriver: stars(row.SideCrashDriversideRating),
    sideCrashPassenger: stars(row.SideCrashPassengersideRating),
    sidePole: stars(row.SidePoleCrashRating),
    rollover,
    // NHTSA sends 0 for a variant it did not roll-test: that is "not rated", not "no risk".
    rolloverRiskPercent:
      rollover !== null && Number.isFinite(risk) && risk > 0 && risk < 1 ? Math.round(risk * 1000) / 10 : null,
    electronicStabilityControl: text(row.NHTSAElectronicStabilityControl),
    forwardCollisionWarning: text(row.NHTSAForwardCollisionWarning),
    laneDepartureWarning: text(row.NHTSALaneDepartureWarning),
  };
}

/** "1".."5" → stars; "Not Rated", "", anything else → null (unknown, never 0 stars). */
export function stars(value: unknown): number | null {
  const n =
    typeof value === "number" ? value : typeof value === "string" && /^\s*[1-5]\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}
