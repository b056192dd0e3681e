/**
 * The recall store: campaigns, the year/make/model rows they cover, and the record of which year/make/model
 * questions have been answered (RecallLookup). Writes are batched multi-row `INSERT … ON CONFLICT DO UPDATE`
 * (SQLite and PostgreSQL both have it) keyed on stable fields: the campaign number for campaigns;
 * campaign + make/model/year keys + component for coverage. Re-importing a file changes nothing but
 * `updatedAt`, which is what makes imports idempotent. Every write also bumps a version stamp
 * (lib/db/data-version.ts): "recalls" for imports, "recall-answers" for NHTSA's API answers, which tells each
 * process its index of known vehicles (known-vehicles.ts) is out of date; only the first also invalidates the
 * mirror's index (mirror-index.ts).
 */
import { changeDataSet, changeDataSetAtOnce, type DataSet } from "../db/data-version";
import { db, dbProvider, Prisma } from "../db";
import { makeKey, nameKey, sameModel } from "../vehicle";
import type { RecallRecord } from "./record";

export type RecallSource = "nhtsa_api" | "flat_rcl" | "json_import" | "csv_import";

/** A campaign as the store holds it: a flag no source gave reads false. */
export type StoredRecall = Omit<
  RecallRecord,
  "make" | "model" | "year" | "parkIt" | "parkOutside" | "overTheAirUpdate"
> & {
  parkIt: boolean;
  parkOutside: boolean;
  overTheAirUpdate: boolean;
};

const CAMPAIGN_COLUMNS = [
  "campaignNumber",
  "manufacturer",
  "component",
  "summary",
  "consequence",
  "remedy",
  "notes",
  "reportReceivedDate",
  "parkIt",
  "parkOutside",
  "overTheAirUpdate",
  "potentiallyAffected",
  "manufacturerCampaignNumber",
  "source",
  "createdAt",
  "updatedAt",
] as const;
const CAMPAIGN_PG_TYPES: Record<string, string> = {
  parkIt: "boolean",
  parkOutside: "boolean",
  overTheAirUpdate: "boolean",
  potentiallyAffected: "integer",
  createdAt: "timestamp(3)",
  updatedAt: "timestamp(3)",
};
const COVERAGE_COLUMNS = [
  "campaignNumber",
  "make",
  "model",
  "year",
  "makeKey",
  "modelKey",
  "component",
  "source",
  "createdAt",
  "updatedAt",
] as const;
const COVERAGE_PG_TYPES: Record<string, string> = {
  year: "integer",
  createdAt: "timestamp(3)",
  updatedAt: "timestamp(3)",
};

/** Rows per INSERT statement: 15 parameters × 400 stays far below SQLite's 32,766-variable limit. */
const ROWS_PER_STATEMENT = 400;

export interface UpsertCounts {
  campaigns: number;
  coverage: number;
}

/** Upserts a batch of records in one transaction. Within the batch the last record of a campaign wins. */
export async function upsertRecalls(
  records: RecallRecord[],
  source: RecallSource,
  now = new Date(),
): Promise<UpsertCounts> {
  if (records.length === 0) return { campaigns: 0, coverage: 0 };
  return changeDataSet(db(), dataSetOf(source), (tx) => writeRecalls(tx, records, source, now), { timeout: 60_000 });
}

/** The tables a write goes to: the store's own, or the recall mirror's staging area (lib/recalls/mirror-import.ts). */
export interface RecallTables {
  campaign: "RecallCampaign" | "RecallCampaignStage";
  coverage: "RecallCoverage" | "RecallCoverageStage";
}

const STORE_TABLES: RecallTables = { campaign: "RecallCampaign", coverage: "RecallCoverage" };

/**
 * upsertRecalls' writes inside a transaction the caller runs; the caller bumps the recalls stamp
 * (changeDataSet) when it writes the store. The recall mirror writes a file's rows into its staging tables
 * with it, and publishes them with publishRecallStage.
 */
export async function writeRecalls(
  tx: Prisma.TransactionClient,
  records: RecallRecord[],
  source: RecallSource,
  now = new Date(),
  tables: RecallTables = STORE_TABLES,
): Promise<UpsertCounts> {
  if (records.length === 0) return { campaigns: 0, coverage: 0 };
  const campaigns = new Map<string, RecallRecord>();
  const coverage = new Map<string, RecallRecord>();
  for (const r of records) {
    campaigns.set(r.campaignNumber, mergeCampaign(campaigns.get(r.campaignNumber), r));
    coverage.set(coverageKey(r), r);
  }
  const pg = dbProvider() === "postgresql";
  const stamp = now.toISOString();
  const bool = (v: boolean | null) => (v === null ? null : pg ? v : v ? 1 : 0);

  const campaignRows = [...campaigns.values()].map((r) => [
    r.campaignNumber,
    r.manufacturer,
    r.component,
    r.summary,
    r.consequence,
    r.remedy,
    r.notes,
    r.reportReceivedDate,
    bool(r.parkIt),
    bool(r.parkOutside),
    bool(r.overTheAirUpdate),
    r.potentiallyAffected,
    r.manufacturerCampaignNumber ?? null,
    source,
    stamp,
    stamp,
  ]);
  const coverageRows = [...coverage.values()].map((r) => [
    r.campaignNumber,
    r.make,
    r.model,
    r.year,
    makeKey(r.make),
    nameKey(r.model),
    r.component,
    source,
    stamp,
    stamp,
  ]);

  for (const chunk of chunks(campaignRows, ROWS_PER_STATEMENT)) {
    const { sql, params } = insertSql(
      tables.campaign,
      CAMPAIGN_COLUMNS,
      CAMPAIGN_PG_TYPES,
      chunk,
      pg,
      campaignConflict(tables.campaign),
    );
    await tx.$executeRawUnsafe(sql, ...params);
  }
  for (const chunk of chunks(coverageRows, ROWS_PER_STATEMENT)) {
    const { sql, params } = insertSql(
      tables.coverage,
      COVERAGE_COLUMNS,
      COVERAGE_PG_TYPES,
      chunk,
      pg,
      COVERAGE_CONFLICT,
    );
    await tx.$executeRawUnsafe(sql, ...params);
  }
  return { campaigns: campaigns.size, coverage: coverage.size };
}

/**
 * How a campaign row meets one already in `table`: a text field keeps its old value when the new source leaves
 * it empty; a flag or date when it is null.
 */
function campaignConflict(table: RecallTables["campaign"]): string {
  const keepText = (c: string) =>
    `"${c}" = CASE WHEN excluded."${c}" <> '' THEN excluded."${c}" ELSE "${table}"."${c}" END`;
  const keepKnown = (c: string) => `"${c}" = COALESCE(excluded."${c}", "${table}"."${c}")`;
  return (
    `ON CONFLICT ("campaignNumber") DO UPDATE SET ` +
    [
      ...["manufacturer", "component", "summary", "consequence", "remedy", "notes"].map(keepText),
      ...[
        "reportReceivedDate",
        "parkIt",
        "parkOutside",
        "overTheAirUpdate",
        "potentiallyAffected",
        "manufacturerCampaignNumber",
      ].map(keepKnown),
      `"source" = excluded."source"`,
      `"updatedAt" = excluded."updatedAt"`,
    ].join(", ")
  );
}

const COVERAGE_CONFLICT =
  `ON CONFLICT ("campaignNumber", "makeKey", "modelKey", "year", "component") DO UPDATE SET ` +
  `"make" = excluded."make", "model" = excluded."model", "source" = excluded."source", "updatedAt" = excluded."updatedAt"`;

/**
 * Moves the staged rows into the store, merged as writeRecalls merges (two set-based upserts), inside the
 * caller's transaction. Every campaign's updatedAt moves (a campaign page's checkedAt says the mirror confirmed
 * it); a coverage row's only when it changed.
 */
export async function publishRecallStage(tx: Prisma.TransactionClient): Promise<void> {
  const campaignCols = CAMPAIGN_COLUMNS.map((c) => `"${c}"`).join(", ");
  const coverageCols = COVERAGE_COLUMNS.map((c) => `"${c}"`).join(", ");
  // `WHERE true`: SQLite needs a WHERE between INSERT … SELECT and ON CONFLICT to parse it.
  await tx.$executeRawUnsafe(
    `INSERT INTO "RecallCampaign" (${campaignCols}) SELECT ${campaignCols} FROM "RecallCampaignStage" WHERE true ${campaignConflict("RecallCampaign")}`,
  );
  // Coverage rows the store already holds as they are are left alone (a daily file repeats nearly all of its
  // rows): the publishing transaction then writes only what changed, and holds the lock that much shorter.
  const same = ["campaignNumber", "makeKey", "modelKey", "year", "component", "make", "model", "source"]
    .map((c) => `c."${c}" = s."${c}"`)
    .join(" AND ");
  await tx.$executeRawUnsafe(
    `INSERT INTO "RecallCoverage" (${coverageCols}) SELECT ${COVERAGE_COLUMNS.map((c) => `s."${c}"`).join(", ")}
     FROM "RecallCoverageStage" s WHERE NOT EXISTS (SELECT 1 FROM "RecallCoverage" c WHERE ${same}) ${COVERAGE_CONFLICT}`,
  );
}

function mergeCampaign(old: RecallRecord | undefined, next: RecallRecord): RecallRecord {
  if (!old) return next;
  return {
    ...next,
    reportReceivedDate: next.reportReceivedDate ?? old.reportReceivedDate,
    parkIt: next.parkIt ?? old.parkIt,
    parkOutside: next.parkOutside ?? old.parkOutside,
    overTheAirUpdate: next.overTheAirUpdate ?? old.overTheAirUpdate,
    potentiallyAffected: next.potentiallyAffected ?? old.potentiallyAffected,
    manufacturerCampaignNumber: next.manufacturerCampaignNumber ?? old.manufacturerCampaignNumber,
  };
}

function coverageKey(r: RecallRecord): string {
  return [r.campaignNumber, makeKey(r.make), nameKey(r.model), r.year, r.component].join("\u0000");
}

function* chunks<T>(rows: T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

function insertSql(
  table: string,
  columns: readonly string[],
  pgTypes: Record<string, string>,
  rows: unknown[][],
  pg: boolean,
  conflict: string,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const slots = row.map((value, i) => {
      params.push(value);
      if (!pg) return "?";
      const type = pgTypes[columns[i]];
      return type ? `$${params.length}::${type}` : `$${params.length}`;
    });
    return `(${slots.join(", ")})`;
  });
  const cols = columns.map((c) => `"${c}"`).join(", ");
  return { sql: `INSERT INTO "${table}" (${cols}) VALUES ${tuples.join(", ")} ${conflict}`, params };
}

/** The key of one "recalls for year/make/model" question. */
export function lookupKey(year: number, make: string, model: string): string {
  return `${year}|${makeKey(make)}|${nameKey(model)}`;
}

export interface Lookup {
  origin: "live" | "import";
  checkedAt: Date;
  resultCount: number;
  campaignNumbers: string[];
}

/** One raw primary-key read: it runs for every new vehicle a report names, and Prisma's findUnique cost several times it. */
export async function findLookup(year: number, make: string, model: string): Promise<Lookup | null> {
  const rows = await db().$queryRaw<
    { origin: string; checkedAt: Date | string; resultCount: number | bigint; campaignNumbers: string }[]
  >`SELECT "origin", "checkedAt", "resultCount", "campaignNumbers" FROM "RecallLookup" WHERE "key" = ${lookupKey(year, make, model)}`;
  const row = rows[0];
  if (!row) return null;
  return {
    origin: row.origin as Lookup["origin"],
    checkedAt: asDate(row.checkedAt),
    resultCount: Number(row.resultCount),
    campaignNumbers: row.campaignNumbers ? row.campaignNumbers.split(",") : [],
  };
}

const LOOKUP_COLUMNS = ["key", "year", "makeKey", "modelKey", "origin", "resultCount", "campaignNumbers", "checkedAt"];
const LOOKUP_CONFLICT =
  `ON CONFLICT ("key") DO UPDATE SET ` +
  LOOKUP_COLUMNS.filter((c) => c !== "key")
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(", ");
const LOOKUP_PG_TYPES: Record<string, string> = {
  year: "integer",
  resultCount: "integer",
  checkedAt: "timestamp(3)",
};

/** Records the answer to one question (one raw upsert and the data set's stamp, in one batch transaction). */
export async function saveLookup(
  year: number,
  make: string,
  model: string,
  origin: Lookup["origin"],
  campaignNumbers: string[],
  checkedAt: Date,
): Promise<void> {
  const unique = [...new Set(campaignNumbers)];
  const row = [
    lookupKey(year, make, model),
    year,
    makeKey(make),
    nameKey(model),
    origin,
    unique.length,
    unique.join(","),
    checkedAt.toISOString(),
  ];
  const pg = dbProvider() === "postgresql";
  const { sql, params } = insertSql("RecallLookup", LOOKUP_COLUMNS, LOOKUP_PG_TYPES, [row], pg, LOOKUP_CONFLICT);
  await changeDataSetAtOnce(db(), origin === "live" ? "recall-answers" : "recalls", [
    db().$executeRawUnsafe(sql, ...params),
  ]);
}

/** The data set a write of `source` changes: NHTSA's API answers are not imports (lib/db/data-version.ts). */
function dataSetOf(source: RecallSource): DataSet {
  return source === "nhtsa_api" ? "recall-answers" : "recalls";
}

export interface StoredAnswer {
  items: (StoredRecall & { components: string[] })[];
  /** When the newest of the matching rows was written (an import's or a live answer's time). */
  newestRowAt: Date | null;
  sources: RecallSource[];
}

/**
 * Recalls the store knows for a year/make/model (plus `alsoCampaigns`, the campaigns a recorded answer
 * listed), one item per campaign (a campaign covering several
 * components of the vehicle lists them all), newest report first. Models match by lib/vehicle/names.ts.
 */
export async function storedRecalls(
  year: number,
  make: string,
  model: string,
  alsoCampaigns: string[] = [],
): Promise<StoredAnswer> {
  const also = new Set(alsoCampaigns);
  const mk = makeKey(make);
  // One indexed JOIN in SQL rather than findMany with `include` (two queries through Prisma's query layer): this
  // runs for every vehicle a report names, and the raw statement costs a fraction of the time (0.14 vs 0.88 ms).
  const rows = await db().$queryRaw<CoverageRow[]>(Prisma.sql`
    SELECT c."campaignNumber", c."makeKey", c."model", c."component" AS "coverageComponent", c."source", c."updatedAt",
           r."manufacturer", r."component", r."summary", r."consequence", r."remedy", r."notes", r."reportReceivedDate",
           r."parkIt", r."parkOutside", r."overTheAirUpdate", r."potentiallyAffected", r."removedFromMirrorAt"
    FROM "RecallCoverage" c JOIN "RecallCampaign" r ON r."campaignNumber" = c."campaignNumber"
    WHERE (c."makeKey" = ${mk} AND c."year" = ${year})${
      also.size
        ? Prisma.sql` OR (c."campaignNumber" IN (${Prisma.join([...also])}) AND c."year" = ${year})`
        : Prisma.empty
    }`);
  const byCampaign = new Map<string, StoredAnswer["items"][number]>();
  let newestRowAt: Date | null = null;
  const sources = new Set<RecallSource>();
  for (const row of rows) {
    // A campaign NHTSA itself listed for this question counts whatever its model spelling.
    if (!(also.has(row.campaignNumber) || (row.makeKey === mk && sameModel(row.model, model, make)))) continue;
    // Gone from NHTSA's file at the last mirror sync: kept in the store, no longer listed (unless NHTSA just did).
    if (row.removedFromMirrorAt !== null && row.removedFromMirrorAt !== undefined && !also.has(row.campaignNumber))
      continue;
    const updatedAt = asDate(row.updatedAt);
    if (!newestRowAt || updatedAt > newestRowAt) newestRowAt = updatedAt;
    sources.add(row.source as RecallSource);
    const existing = byCampaign.get(row.campaignNumber);
    if (existing) {
      if (row.coverageComponent && !existing.components.includes(row.coverageComponent))
        existing.components.push(row.coverageComponent);
      continue;
    }
    byCampaign.set(row.campaignNumber, {
      ...campaignFromRow(row),
      components: row.coverageComponent ? [row.coverageComponent] : [],
    });
  }
  const items = [...byCampaign.values()].sort(newestFirst);
  return { items, newestRowAt, sources: [...sources] };
}

/** The texts and flags of the named campaigns (in no order), in one statement. */
export async function campaignTexts(campaignNumbers: string[]): Promise<StoredRecall[]> {
  if (campaignNumbers.length === 0) return [];
  const rows = await db().$queryRaw<CampaignColumns[]>(Prisma.sql`
    SELECT "campaignNumber", "manufacturer", "component", "summary", "consequence", "remedy", "notes", "reportReceivedDate",
           "parkIt", "parkOutside", "overTheAirUpdate", "potentiallyAffected"
    FROM "RecallCampaign" WHERE "campaignNumber" IN (${Prisma.join(campaignNumbers)})`);
  return rows.map(campaignFromRow);
}

/** A campaign's row, from a raw statement or from Prisma, as a StoredRecall. */
function campaignFromRow(row: CampaignColumns): StoredRecall {
  return {
    campaignNumber: row.campaignNumber,
    manufacturer: row.manufacturer,
    component: row.component,
    summary: row.summary,
    consequence: row.consequence,
    remedy: row.remedy,
    notes: row.notes,
    reportReceivedDate: row.reportReceivedDate,
    parkIt: asBool(row.parkIt),
    parkOutside: asBool(row.parkOutside),
    overTheAirUpdate: asBool(row.overTheAirUpdate),
    potentiallyAffected:
      row.potentiallyAffected === null || row.potentiallyAffected === undefined
        ? null
        : Number(row.potentiallyAffected),
  };
}

/** A campaign's columns as a raw statement returns them: SQLite may hand back flags as 0/1 and counts as bigint. */
type CampaignColumns = Omit<StoredRecall, "parkIt" | "parkOutside" | "overTheAirUpdate" | "potentiallyAffected"> & {
  parkIt: boolean | number | null;
  parkOutside: boolean | number | null;
  overTheAirUpdate: boolean | number | null;
  potentiallyAffected: number | bigint | null;
};

/** A coverage row joined with its campaign, as the raw statement of storedRecalls returns it. */
type CoverageRow = CampaignColumns & {
  makeKey: string;
  model: string;
  coverageComponent: string;
  source: string;
  updatedAt: Date | string | number;
  removedFromMirrorAt: Date | string | number | null;
};

/** Raw statements on SQLite may hand back booleans as 0/1 and times as text or milliseconds. */
const asBool = (v: boolean | number | null): boolean => v === true || v === 1;
const asDate = (v: Date | string | number): Date =>
  v instanceof Date ? v : new Date(typeof v === "number" ? v : String(v));

export function newestFirst(a: { reportReceivedDate: string | null; campaignNumber: string }, b: typeof a): number {
  const da = a.reportReceivedDate ?? "";
  const dbb = b.reportReceivedDate ?? "";
  if (da !== dbb) return da < dbb ? 1 : -1;
  return a.campaignNumber < b.campaignNumber ? 1 : a.campaignNumber > b.campaignNumber ? -1 : 0;
}

export interface StoredCampaign extends StoredRecall {
  vehicles: { year: number; make: string; model: string; component: string }[];
  updatedAt: Date;
  source: RecallSource;
}

export async function storedCampaign(campaignNumber: string): Promise<StoredCampaign | null> {
  const c = await db().recallCampaign.findUnique({
    where: { campaignNumber },
    include: { coverage: { orderBy: [{ make: "asc" }, { model: "asc" }, { year: "asc" }] } },
  });
  if (!c) return null;
  return {
    ...campaignFromRow(c),
    vehicles: c.coverage.map((v) => ({ year: v.year, make: v.make, model: v.model, component: v.component })),
    updatedAt: c.updatedAt,
    source: c.source as RecallSource,
  };
}

/** A US campaign as a manufacturer numbers it, for one make it covers (see campaignsByManufacturerNumber). */
interface ManufacturerCampaign {
  /** The manufacturer's number as FLAT_RCL gives it (MFGCAMPNO). */
  manufacturerCampaignNumber: string;
  makeKey: string;
  campaignNumber: string;
  reportReceivedDate: string | null;
}

/**
 * Every listed campaign that carries its manufacturer's number, once per make it covers: what links a Transport
 * Canada recall (which names the manufacturer's number) to its US campaign (lib/canada-recalls). One statement; the
 * full FLAT_RCL mirror gives some tens of thousands of rows.
 */
export async function campaignsByManufacturerNumber(
  client: Pick<Prisma.TransactionClient, "$queryRaw"> = db(),
): Promise<ManufacturerCampaign[]> {
  return client.$queryRaw<ManufacturerCampaign[]>(Prisma.sql`
    SELECT DISTINCT r."manufacturerCampaignNumber", c."makeKey", r."campaignNumber", r."reportReceivedDate"
    FROM "RecallCampaign" r JOIN "RecallCoverage" c ON c."campaignNumber" = r."campaignNumber"
    WHERE r."manufacturerCampaignNumber" IS NOT NULL AND r."removedFromMirrorAt" IS NULL`);
}
