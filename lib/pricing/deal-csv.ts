/**
 * The deal import file format: CSV, UTF-8 (a BOM is fine), comma-separated, a header row naming the
 * columns (any order, names case-insensitive), one deal per row. Empty lines are skipped.
 *
 * | column        | required | rule                                                                      |
 * |---------------|----------|---------------------------------------------------------------------------|
 * | deal_id       | yes      | your stable id of the deal, 1-64 of A-Z a-z 0-9 . _ : - ; the "demo-"     |
 * |               |          | prefix is reserved. Re-importing an id updates that deal.                 |
 * | vin           | no       | 17 characters, no I/O/Q (case-insensitive)                                |
 * | year          | yes      | model year, 2020-2030                                                     |
 * | make          | yes      | e.g. "Land Rover"; spelled as already stored when the make is known       |
 * | model         | yes      | e.g. "Range Rover Sport"                                                  |
 * | trim          | yes      | e.g. "Dynamic SE"                                                         |
 * | state         | yes      | US state of purchase: 2-letter code of the 50 states or DC                |
 * | msrp          | yes      | US dollars, > 0 and ≤ 1,000,000 ("$45,990.00" and "45990" both read)      |
 * | selling_price | yes      | negotiated price before taxes and rebates, US dollars, within 50-150 % of |
 * |               |          | the MSRP (outside that it is almost certainly a typo)                     |
 * | deal_type     | yes      | lease, cash or finance                                                    |
 * | purchase_date | yes      | YYYY-MM-DD, a real date, not in the future, not before July 1 two years   |
 * |               |          | before the model year                                                     |
 * | source        | no       | verification label, e.g. "purchase-contract" (lower case, digits, . _ -,   |
 * |               |          | ≤ 40); default "verified-purchase"; "demo" is reserved for the demo set   |
 */
import { z } from "zod";
import { MODEL_YEAR_PATTERN } from "../vehicle";
import { normalizeVin } from "../vin";
import { PRICING_YEAR_MAX, PRICING_YEAR_MIN } from "./pricing-years";
import { DEFAULT_IMPORT_SOURCE, DEMO_SOURCE } from "./deal-source";
import { slugify } from "../vehicle";
import { isUsStateCode } from "../contract/us-states";

const DEAL_CSV_COLUMNS = [
  "deal_id",
  "vin",
  "year",
  "make",
  "model",
  "trim",
  "state",
  "msrp",
  "selling_price",
  "deal_type",
  "purchase_date",
  "source",
] as const;
const REQUIRED_DEAL_CSV_COLUMNS = DEAL_CSV_COLUMNS.filter((c) => c !== "vin" && c !== "source");

const MAX_PRICE = 1_000_000;

const name = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${what} is empty` })
    .max(60, { message: `${what} is longer than 60 characters` })
    .refine((v) => slugify(v).length > 0, { message: `${what} has no letters or digits` });

const dollars = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${what} is empty` })
    .transform((v) => v.replace(/^\$/, "").replace(/,(?=\d{3}(\D|$))/g, ""))
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), {
      message: `${what} must be a dollar amount such as 45990 or 45990.00`,
    })
    .transform(Number)
    .refine((v) => v > 0 && v <= MAX_PRICE, { message: `${what} must be more than 0 and at most ${MAX_PRICE}` });

/**
 * One schema per column. Each column is read on its own, so a row with several faults reports every one of
 * them in one run (a whole-object parse stops its cross-column rules at the first faulty column).
 */
const DEAL_CSV_FIELDS = {
  deal_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, { message: "deal_id must be 1-64 of A-Z a-z 0-9 . _ : -" })
    .refine((v) => !v.toLowerCase().startsWith("demo-"), {
      message: 'deal_id may not start with "demo-" (reserved for the demo set)',
    }),
  vin: z
    .string()
    .transform((v, ctx) => {
      if (v.trim() === "") return null;
      const format = normalizeVin(v);
      if (format.ok) return format.vin;
      ctx.addIssue({ code: "custom", message: "vin must be 17 characters without I, O or Q" });
      return z.NEVER;
    })
    .optional()
    .transform((v) => v ?? null),
  // The one year rule (lib/vehicle), not lib/api's parameter schema: lib/pricing does not import lib/api.
  year: z
    .string()
    .trim()
    .regex(MODEL_YEAR_PATTERN, { message: "year must be a 4-digit model year" })
    .transform(Number)
    .refine((v) => v >= PRICING_YEAR_MIN && v <= PRICING_YEAR_MAX, {
      message: `year must be between ${PRICING_YEAR_MIN} and ${PRICING_YEAR_MAX}`,
    }),
  make: name("make"),
  model: name("model"),
  trim: name("trim"),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isUsStateCode, { message: "state must be a 2-letter US state code (50 states or DC)" }),
  msrp: dollars("msrp"),
  selling_price: dollars("selling_price"),
  deal_type: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["lease", "cash", "finance"], { message: "deal_type must be lease, cash or finance" })),
  purchase_date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "purchase_date must be YYYY-MM-DD" })
    .transform((v) => new Date(`${v}T00:00:00.000Z`))
    .refine((d) => !Number.isNaN(d.getTime()), { message: "purchase_date is not a real date" }),
  source: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v ? v : DEFAULT_IMPORT_SOURCE))
    .refine((v) => /^[a-z0-9][a-z0-9._-]{0,39}$/.test(v), {
      message: "source must be lower case letters, digits, . _ - (at most 40)",
    })
    .refine((v) => v !== DEMO_SOURCE, { message: 'source "demo" is reserved for the demo set' }),
};

export type DealCsvRow = { [K in keyof typeof DEAL_CSV_FIELDS]: z.output<(typeof DEAL_CSV_FIELDS)[K]> };

/** Rules between columns, checked once the columns they read are each valid. */
function crossColumnFaults(row: Partial<DealCsvRow>): { column: string; message: string }[] {
  const faults: { column: string; message: string }[] = [];
  if (row.selling_price !== undefined && row.msrp !== undefined) {
    const ratio = row.selling_price / row.msrp;
    if (ratio < 0.5 || ratio > 1.5)
      faults.push({ column: "selling_price", message: "selling_price must be within 50-150 % of msrp" });
  }
  if (row.purchase_date !== undefined) {
    if (row.year !== undefined) {
      const earliest = Date.UTC(row.year - 2, 6, 1);
      if (row.purchase_date.getTime() < earliest)
        faults.push({
          column: "purchase_date",
          message: `purchase_date is before ${new Date(earliest).toISOString().slice(0, 10)}, too early for a ${row.year} model`,
        });
    }
    if (row.purchase_date.getTime() > Date.now() + 86_400_000)
      faults.push({ column: "purchase_date", message: "purchase_date is in the future" });
  }
  return faults;
}

/** "2024-02-30" parses to March 1st in JS: compare the round trip to catch dates that do not exist. */
function isRealDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** One fault of a row: the column at fault (absent for a fault of the whole row) and what is wrong. */
export interface RowError {
  line: number;
  column?: string;
  reason: string;
}

/** Validates one record: every faulty column is reported, each once, each reason naming its column. */
export function validateDealRow(
  record: Record<string, string>,
  line: number,
): { ok: true; row: DealCsvRow } | { ok: false; errors: RowError[] } {
  const errors: RowError[] = [];
  const row: Partial<Record<keyof DealCsvRow, unknown>> = {};
  for (const [column, schema] of Object.entries(DEAL_CSV_FIELDS) as [keyof DealCsvRow, z.ZodType][]) {
    const text = record[column];
    if (column === "purchase_date" && text && /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) && !isRealDate(text.trim())) {
      errors.push({ line, column, reason: `purchase_date: ${text.trim()} is not a real date` });
      continue;
    }
    const result = schema.safeParse(text);
    if (result.success) {
      row[column] = result.data;
      continue;
    }
    const issue = result.error.issues[0];
    const message = issue.code === "invalid_type" ? `${column} is missing` : issue.message;
    errors.push({ line, column, reason: message.startsWith(column) ? message : `${column}: ${message}` });
  }
  for (const { column, message } of crossColumnFaults(row as Partial<DealCsvRow>))
    errors.push({ line, column, reason: message });
  return errors.length ? { ok: false, errors } : { ok: true, row: row as DealCsvRow };
}

const DELIMITERS: [string, string][] = [
  [";", '";"'],
  ["\t", "tab"],
  ["|", '"|"'],
];

/**
 * Header problems make the whole file unreadable, so it is refused, not counted as bad rows: another
 * delimiter than the comma, a first line that is not a header, missing required columns, unknown (misspelt)
 * or repeated ones. `columns` are the header's fields as the CSV reader split them, trimmed and lower-cased.
 */
export function checkHeader(columns: string[]): string | null {
  const known = new Set<string>(DEAL_CSV_COLUMNS);
  const expected = `expected the header row ${DEAL_CSV_COLUMNS.join(",")}`;
  if (columns.filter((c) => known.has(c)).length < 2) {
    const line = columns.join(",");
    const found = DELIMITERS.find(([d]) => line.split(d).filter((c) => known.has(c.trim())).length >= 2);
    if (found) return `the header row is separated by ${found[1]}, but a deal file is comma-separated: ${expected}`;
    return `the first line is not a header row of a deal file (found "${line.slice(0, 80)}"): ${expected}`;
  }
  const unknown = columns.filter((c) => !known.has(c));
  if (unknown.length > 0) return `unknown column${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")} (${expected})`;
  const missing = REQUIRED_DEAL_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) return `missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`;
  const dup = columns.find((c, i) => columns.indexOf(c) !== i);
  if (dup) return `column ${dup} appears twice`;
  return null;
}
