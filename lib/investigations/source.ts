/** The names this room shares, from its registration in lib/sources/registry.ts (one home for them). */
import { SOURCES } from "../sources";

/** The scheduled job that mirrors the file (investigationsSyncJob in lib/jobs/file-sync.ts) and the name its status goes by. */
export const INVESTIGATIONS_JOB = SOURCES.investigations.mirror;
/** How the presenter (lib/sources/present.ts) names this section and its source. */
export const INVESTIGATIONS_WORDS = SOURCES.investigations.words;
