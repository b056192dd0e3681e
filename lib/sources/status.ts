/**
 * The one status vocabulary of every section that comes from an outside source (recalls, NCAP ratings, owner
 * complaints, fuel economy): the JSON answers, the OpenAPI document and the MCP tools all take it from here, and
 * lib/sources/present.ts words it for people. A section that is not `ok` may say why in `reason`, a code that
 * stays in the JSON: no page, feed or MCP text shows it.
 */
import { z } from "zod";

export const SECTION_STATUSES = ["ok", "stale", "unavailable", "pending"] as const;

/** The status of a section; `ok` described by the section when it means more than "the source answered". */
export function sectionStatus(ok = "the source answered (or imported data covers the vehicle)") {
  return z.enum(SECTION_STATUSES).meta({
    description:
      `ok: ${ok}; stale: the source failed, this is the last known answer (see checkedAt); ` +
      "unavailable: not known (counts are null, not zero); pending: the source is being asked and its answer is " +
      "stored when it comes (counts are null until then)",
  });
}

/**
 * Why a section is not `ok`. The first eight are what a call to the source ended with (lib/outside's
 * FetchFailure); `asking`: still being asked past the caller's wait; `deadline`: the report's section deadline
 * passed; `failed`: the lookup failed inside this service; `no_model`: the vehicle has no model name to ask about;
 * `not_synced`: the source is a file mirror that has not been synced or imported on this server yet.
 */
export const SECTION_REASONS = [
  "offline",
  "timeout",
  "http_error",
  "network_error",
  "bad_response",
  "aborted",
  "breaker_open",
  "busy",
  "asking",
  "deadline",
  "failed",
  "no_model",
  "not_synced",
] as const;
export type SectionReason = (typeof SECTION_REASONS)[number];

export const SectionReasonSchema = z
  .enum(SECTION_REASONS)
  .optional()
  .meta({ description: "why the section is not ok, as a code; absent when ok" });

/** A section's reason from whatever a call ended with; an unlisted one is `failed`. */
export function sectionReason(code: string | null | undefined): SectionReason {
  return (SECTION_REASONS as readonly string[]).includes(code ?? "") ? (code as SectionReason) : "failed";
}

/**
 * `checkedAt` of an unknown section: when its source was asked, or, for an answer that is settled by this server's
 * state rather than by a call (the source `off`, no model to ask about, a file mirror not synced yet), the start of
 * the day. A settled answer may be cached as a healthy one, so its body must not change between requests, or its
 * ETag would never revalidate.
 */
export function unknownCheckedAt(reason: SectionReason, now: Date): string {
  if (reason !== "offline" && reason !== "no_model" && reason !== "not_synced") return now.toISOString();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}
