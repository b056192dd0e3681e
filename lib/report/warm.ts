/**
 * Loads what the VIN report answers from into memory when a server process starts (instrumentation.ts), so the
 * first reports after a start wait on no index load: the stored live answers, the EPA rows, the complaint
 * summaries, the mirrors' state and the deals index. A failure is logged by the caller; each index loads on
 * first use instead.
 */
import { answerIndex, freshMirror, SOURCES } from "../sources";
import { importedComplaints } from "../complaints";
import { config } from "../config";
import { importedEpaVariants } from "../fuel-economy";
import { vehicleHasDeals } from "../pricing";

export async function warmReportData(): Promise<void> {
  // A vehicle no index holds: each lookup loads its index and finds nothing.
  const nobody = { year: 1900, make: "-", model: "-" };
  const { sync } = config();
  const loads = await Promise.allSettled([
    answerIndex().get(SOURCES.ratings.name, "-"),
    importedEpaVariants(nobody),
    importedComplaints(nobody),
    freshMirror(SOURCES.complaints, sync.complaints.maxAgeMs),
    freshMirror(SOURCES.fuelEconomy, sync.fuelEconomy.maxAgeMs),
    vehicleHasDeals(nobody),
  ]);
  const failed = loads.find((l): l is PromiseRejectedResult => l.status === "rejected");
  if (failed) throw failed.reason;
}
