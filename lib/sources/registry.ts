/**
 * Every outside source whose answers a report, a page, a feed, MCP or the CLI shows, registered once. A source
 * says here what it is called (the presenter's words), which breaker and bulkhead guard it (`system`), whether
 * this server asks it (`online`), how long its answer stays fresh, whether a VIN report may ask it within its
 * budget, and its file mirror (the scheduled job in lib/jobs), if it has one. Its client, and how it turns an
 * answer into a section, live in the source's own room (lib/recalls, lib/ratings, …), which asks through
 * `answersOf` (./stored.ts) or, for a source with a table of its own, `new SourceAnswers` (./ask.ts).
 *
 * Adding a source: its room, plus its entry here.
 *
 * Not here: the AI model (it writes text from these answers; lib/insights keeps what it wrote under its own
 * leases) and the manufacturers' sticker hosts (a dealer's document per VIN; lib/stickers).
 */
import { config } from "../config";

export interface SourceDescriptor {
  /** The source's name in stored answers (table SourceAnswer) and logs. */
  name: string;
  /** The breaker and bulkhead that guard its calls (lib/outside), and its name in /api/health. */
  system: string;
  /** How a person calls what it answers, and the source as a person knows it (lib/sources/present.ts). */
  words: { what: string; from: string };
  /** Whether this server asks the source at all (its URL setting is not `off`). */
  online: () => boolean;
  /** How long a stored answer is served without asking again. */
  freshMs: () => number;
  /** Whether a VIN report asks it live, within the report's one budget (else it answers from what is stored). */
  inReport: boolean;
  /** The scheduled job that mirrors the source's files, when it has one (lib/jobs/registry.ts). */
  mirror?: string;
}

/** A source with a file mirror: its job's name is the mirror's. */
type MirroredSource = SourceDescriptor & { mirror: string };

const HOUR = 60 * 60 * 1000;

/** vPIC's answers per VIN descriptor never change for a data set: a stored one is used however old. */
const vpic: SourceDescriptor = {
  name: "vpic",
  system: "vpic",
  words: { what: "vehicle details", from: "NHTSA vPIC" },
  online: () => config().vpic.apiBaseUrl !== null,
  freshMs: () => Number.POSITIVE_INFINITY,
  inReport: true,
  mirror: "vpic",
};

const recalls: SourceDescriptor = {
  name: "nhtsa-recalls",
  system: "nhtsa-recalls",
  words: { what: "recalls", from: "NHTSA" },
  online: () => config().nhtsa.apiBaseUrl !== null,
  // An answer of NHTSA's recall API is served from the store for six hours (checkedAt says when NHTSA gave it).
  freshMs: () => 6 * HOUR,
  inReport: true,
  mirror: "recalls",
};

const ratings: SourceDescriptor = {
  name: "ncap",
  system: "nhtsa-ratings",
  words: { what: "crash-test ratings", from: "NHTSA" },
  online: () => config().buyerData.ratings.apiBaseUrl !== null,
  freshMs: () => config().buyerData.cacheMs,
  inReport: true,
};

const complaints: SourceDescriptor = {
  name: "complaints",
  system: "nhtsa-complaints",
  words: { what: "owner complaints", from: "NHTSA" },
  online: () => config().buyerData.complaints.apiBaseUrl !== null,
  freshMs: () => config().buyerData.cacheMs,
  inReport: true,
  mirror: "complaints",
};

const fuelEconomy: SourceDescriptor = {
  name: "epa",
  system: "epa-fueleconomy",
  words: { what: "fuel economy", from: "fueleconomy.gov" },
  online: () => config().buyerData.fuelEconomy.apiBaseUrl !== null,
  freshMs: () => config().buyerData.cacheMs,
  inReport: true,
  mirror: "fuel-economy",
};

/**
 * NHTSA's manufacturer communications: only files (no API per vehicle), so the answer is the mirror's, never
 * asked live; "fresh" while the mirror is younger than its maximum age.
 */
const bulletins: MirroredSource = {
  name: "bulletins",
  system: "nhtsa-bulletins",
  words: { what: "service bulletins", from: "NHTSA" },
  online: () => config().sync.bulletins.baseUrl !== null,
  freshMs: () => config().sync.bulletins.maxAgeMs,
  inReport: false,
  mirror: "bulletins",
};

/** Transport Canada's recalls database: files only (the full file and a 60-day update), never asked live. */
const canadaRecalls: MirroredSource = {
  name: "canada-recalls",
  system: "transport-canada",
  words: { what: "Canadian recalls", from: "Transport Canada" },
  online: () => config().sync.canadaRecalls.url !== null,
  freshMs: () => config().sync.canadaRecalls.maxAgeMs,
  inReport: false,
  mirror: "canada-recalls",
};

/** NHTSA's defect investigations (FLAT_INV): the whole list as one file, never asked live. */
const investigations: MirroredSource = {
  name: "investigations",
  system: "nhtsa-investigations",
  words: { what: "defect investigations", from: "NHTSA" },
  online: () => config().sync.investigations.url !== null,
  freshMs: () => config().sync.investigations.maxAgeMs,
  inReport: false,
  mirror: "investigations",
};

export const SOURCES = {
  vpic,
  recalls,
  ratings,
  complaints,
  fuelEconomy,
  investigations,
  bulletins,
  canadaRecalls,
} as const;
