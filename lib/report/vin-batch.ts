/**
 * The batch decode: many VINs, each its own report or its own problem, in input order. Decoding is local and
 * takes microseconds per VIN (the live-enrichment cache is read once for the whole batch). Sections, when
 * asked for, are looked up once per distinct year/make/model and all start together, each under its
 * section deadline, so the whole batch answers within the longest of them (one overall deadline).
 */
import { ApiError, badRequest } from "../contract/errors";
import type { Problem } from "../contract/problem";
import { VIN_BATCH_LIMIT, type VinBatchEntry, type VinBatchResponse } from "./vin-batch-answers";
import type { BatchSectionFlags } from "./vin-report-answers";
import { problemBody } from "../contract/problem-body";
import { normalizeVin } from "../vin";
import {
  decodeWithSources,
  assembleVinReport,
  decodedOrThrow,
  liveBudgetLeft,
  reportSections,
  vehicleOf,
  wmiOnlySections,
  type ReportDecode,
  type ReportSections,
} from "./vin-report";

/** `vins` as the client wrote it → the entries, in order (an empty entry stays one, and is answered invalid). */
export function splitVins(vins: string): string[] {
  const entries = vins.split(",").map((v) => v.trim());
  if (entries.length > VIN_BATCH_LIMIT) {
    throw badRequest(`at most ${VIN_BATCH_LIMIT} VINs per request, got ${entries.length}`, {
      reason: "batch_too_large",
      param: "vins",
      limit: VIN_BATCH_LIMIT,
    });
  }
  return entries;
}

export async function buildVinBatch(
  inputs: string[],
  batchFlags: BatchSectionFlags,
  /** When the request arrived, on performance.now()'s clock (lib/http/arrival.ts); default: now. */
  opts: { arrivedAt?: number } = {},
): Promise<VinBatchResponse> {
  const started = opts.arrivedAt ?? performance.now();
  // NCAP and EPA variants are marked against each VIN, so those sections are not shared per vehicle in a batch.
  const flags = {
    ...batchFlags,
    safetyRatings: false,
    complaints: false,
    fuelEconomy: false,
    investigations: false,
    bulletins: false,
    canadaRecalls: false,
  };
  const formats = inputs.map((input) => normalizeVin(input));
  const valid = formats.flatMap((f) => (f.ok ? [f.vin] : []));
  const decodes = await decodeWithSources(valid, flags);
  // Every vehicle of the batch shares the one budget, counted from the request's arrival as a single report's is.
  const budgetMs = liveBudgetLeft(started);

  let next = 0;
  const steps: Array<{ input: string } & ({ decoded: ReportDecode } | { error: ApiError })> = inputs.map((input, i) => {
    const format = formats[i];
    if (!format.ok) {
      return {
        input,
        error: badRequest(format.detail, { reason: "invalid_vin", param: "vins", vinError: format.reason }),
      };
    }
    try {
      return { input, decoded: decodedOrThrow(decodes[next++]) };
    } catch (error) {
      return { input, error: error as ApiError };
    }
  });

  const wantsSections = flags.pricing || flags.recalls || flags.insight;
  const sectionsByVehicle = new Map<string, Promise<ReportSections>>();
  if (wantsSections) {
    for (const step of steps) {
      if (!("decoded" in step) || "coverage" in step.decoded) continue;
      const vehicle = vehicleOf(step.decoded);
      const key = `${vehicle.year}|${vehicle.make}|${vehicle.model}`;
      if (!sectionsByVehicle.has(key)) sectionsByVehicle.set(key, reportSections(vehicle, flags, undefined, budgetMs));
    }
  }

  const results: VinBatchEntry[] = await Promise.all(
    steps.map(async (step): Promise<VinBatchEntry> => {
      if ("error" in step) {
        // Only the three reasons decodedOrThrow and the format check give reach here, each in PROBLEM_REASONS.
        const { requestId: _id, instance: _path, ...problem } = problemBody(step.error, "") as Problem;
        return { input: step.input, ok: false, status: step.error.status as 400 | 404, problem };
      }
      const decoded = step.decoded;
      if ("coverage" in decoded) {
        return {
          input: step.input,
          ok: true,
          status: 200,
          report: assembleVinReport(decoded, wmiOnlySections(flags), flags),
        };
      }
      const vehicle = vehicleOf(decoded);
      const sections = wantsSections
        ? await sectionsByVehicle.get(`${vehicle.year}|${vehicle.make}|${vehicle.model}`)!
        : {};
      return { input: step.input, ok: true, status: 200, report: assembleVinReport(decoded, sections, flags) };
    }),
  );
  return {
    count: results.length,
    decoded: results.filter((r) => r.ok).length,
    sections: { pricing: flags.pricing, recalls: flags.recalls, insight: flags.insight },
    results,
  };
}

/** A batch whose sections degraded (an outage, a deadline) must not be stored as long as a healthy one. */
export function batchDegraded(batch: VinBatchResponse): boolean {
  return batch.results.some(
    (r) =>
      r.ok &&
      ((r.report.pricing !== undefined && r.report.pricing.dataStatus === null) ||
        (r.report.recalls !== undefined && r.report.recalls.status !== "ok") ||
        r.report.insight === null),
  );
}
