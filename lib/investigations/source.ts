/**
 * This source as lib/sources/registry.ts describes a source: NHTSA's defect investigations come only as a file (no
 * API per vehicle), so the answer is the mirror's, never asked live, and fresh while the mirror is younger than its
 * maximum age. Its entry for SOURCES, kept here until the report registers it there.
 */
import { config } from "../config";
import type { SourceDescriptor } from "../sources";

export const INVESTIGATIONS_SOURCE = {
  name: "investigations",
  system: "nhtsa-investigations",
  words: { what: "defect investigations", from: "NHTSA" },
  online: () => config().sync.investigations.url !== null,
  freshMs: () => config().sync.investigations.maxAgeMs,
  inReport: false,
  mirror: "investigations",
} satisfies SourceDescriptor;

/** The scheduled job that mirrors the file (investigationsSyncJob in lib/jobs/file-sync.ts) and the name its status goes by. */
export const INVESTIGATIONS_JOB = INVESTIGATIONS_SOURCE.mirror;
/** How the presenter (lib/sources/present.ts) names this section and its source. */
export const INVESTIGATIONS_WORDS = INVESTIGATIONS_SOURCE.words;
