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
import { normalizeVin } from "../vin/format";
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

export const DealCsvRow = z
  .object({
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
  })
  .superRefine((row, ctx) => {
    const ratio = row.selling_price / row.msrp;
    if (ratio < 0.5 || ratio > 1.5) {
      ctx.addIssue({
        code: "custom",
        path: ["selling_price"],
        message: "selling_price must be within 50-150 % of msrp",
      });
    }
    const earliest = Date.UTC(row.year - 2, 6, 1);
    if (row.purchase_date.getTime() < earliest) {
      ctx.addIssue({
        code: "custom",
        path: ["purchase_date"],
        message: `purchase_date is before ${new Date(earliest).toISOString().slice(0, 10)}, too early for a ${row.year} model`,
      });
    }
    if (row.purchase_date.getTime() > Date.now() + 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["purchase_date"], message: "purchase_date is in the future" });
    }
  });
export type DealCsvRow = z.output<typeof DealCsvRow>;

/** "2024-02-30" parses to March 1st in JS: compare the round trip to catch dates that do not exist. */
function isRealDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

export interface RowError {
  line: number;
  reason: string;
}

/** Validates one record; the reason names the column at fault. */
export function validateDealRow(
  record: Record<string, string>,
  line: number,
): { ok: true; row: DealCsvRow } | { ok: false; error: RowError } {
  const date = record.purchase_date?.trim();
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date) && !isRealDate(date)) {
    return { ok: false, error: { line, reason: `purchase_date: ${date} is not a real date` } };
  }
  const result = DealCsvRow.safeParse(record);
  if (result.success) return { ok: true, row: result.data };
  const issue = result.error.issues[0];
  const column = issue.path.map(String).join(".");
  const message = issue.code === "invalid_type" && column ? `${column} is missing` : issue.message;
  return {
    ok: false,
    error: { line, reason: column && !message.startsWith(column) ? `${column}: ${message}` : message },
  };
}

/** Header problems make the whole file unreadable: missing required columns or unknown (misspelt) ones. */
export function checkHeader(columns: string[]): string | null {
  const known = new Set<string>(DEAL_CSV_COLUMNS);
  const unknown = columns.filter((c) => !known.has(c));
  if (unknown.length > 0)
    return `unknown column${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")} (expected: ${DEAL_CSV_COLUMNS.join(", ")})`;
  const missing = REQUIRED_DEAL_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) return `missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`;
  const dup = columns.find((c, i) => columns.indexOf(c) !== i);
  if (dup) return `column ${dup} appears twice`;
  return null;
}
