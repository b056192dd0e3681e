/**
 * The room of the outside sources: the one way a source is asked (ask.ts), where its answers are stored and held
 * (stored.ts, answer-index.ts), the list of sources (registry.ts), the one status vocabulary (status.ts) and its
 * presenter (present.ts), the file mirrors' freshness and bulk writes (mirror-status.ts, bulk.ts), and the section
 * schemas of the buyer-data sources (sections.ts). An answer's life: README, "An answer's life".
 */
export { SourceAnswers, type AskOptions, type DurableAnswers, type Loaded } from "./ask";
export { answersOf } from "./stored";
export { answerIndex } from "./answer-index";
export { SOURCES, type SourceDescriptor } from "./registry";
export { freshMirror } from "./mirror-status";
export { modelSpellings } from "./model-spellings";
export {
  importPace,
  skippedText,
  upsertRows,
  type BulkImportOptions,
  type BulkImportSummary,
  type BulkTable,
} from "./bulk";
export * from "./status";
export * from "./present";
export * from "./sections";
