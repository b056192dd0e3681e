// One report per request, shared by generateMetadata and the page (React's request-scoped cache).
import { cache } from "react";
import { isApiError } from "@/lib/api/errors";
import { buildVinReport } from "@/lib/report";

export const loadReport = cache(async (vin: string) => {
  try {
    return await buildVinReport(vin);
  } catch (error) {
    // A malformed or undecodable VIN is a not-found page; anything else is a real failure.
    if (isApiError(error) && (error.status === 400 || error.status === 404)) return null;
    throw error;
  }
});
