// The permalink's VIN, validated once, and its report: one of each per request, shared by generateMetadata
// and the page (React's request-scoped cache).
import { headers } from "next/headers";
import { cache } from "react";
import type { Vin } from "@/lib/vin";
import { isApiError } from "@/lib/contract/errors";
import { arrivalOf } from "@/lib/http/arrival";
import { buildVinReport } from "@/lib/report";
import { compactVinInput, normalizeVin } from "@/lib/vin";

/** The path segment as typed, without the spaces, hyphens and dots of a grouped VIN, and the VIN it is (or null). */
export const vinOfPath = cache((segment: string): { typed: string; compact: string; vin: Vin | null } => {
  const typed = safeDecode(segment);
  const compact = compactVinInput(typed);
  const format = normalizeVin(compact);
  return { typed, compact, vin: format.ok ? format.vin : null };
});

export const loadReport = cache(async (vin: Vin) => {
  // The live budget counts from the request's arrival, as the JSON route's does (lib/http/arrival.ts).
  const arrivedAt = arrivalOf(await headers()) ?? undefined;
  try {
    return await buildVinReport(vin, undefined, { arrivedAt });
  } catch (error) {
    // An undecodable VIN is a not-found page; anything else is a real failure.
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
});

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
