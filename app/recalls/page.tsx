// Check recalls by VIN (decoded to its year/make/model) or by year/make/model (redirects to that page).
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { RecallsQuery, RECALL_MIN_YEAR, recallMaxYear, type RecallsResponse, recallsForVin } from "@/lib/recalls";
import { isApiError } from "@/lib/contract/errors";
import { slugify } from "@/lib/vehicle";
import { compactVinInput } from "@/lib/vin";
import { RecallDisclaimer, RecallList, vehicleLabel } from "@/components/recall-list";
import { SourceNotice } from "@/components/source-notice";
import { NHTSA_RECALL_CHECK, sourceSections } from "@/app/vin/[vin]/report-sources";
import styles from "./recalls.module.css";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Check safety recalls by VIN or vehicle",
  description: "Open NHTSA safety recall campaigns for a VIN's year, make and model.",
};

type Search = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

export default async function RecallCheckFormPage({ searchParams }: { searchParams: Search }) {
  const sp = await searchParams;
  // A VIN typed in groups ("1HG CM826 33A004352") is the same VIN.
  const vinTyped = one(sp.vin);
  const input = {
    vin: vinTyped === undefined ? undefined : compactVinInput(vinTyped),
    make: one(sp.make),
    model: one(sp.model),
    year: one(sp.year),
  };
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  let error: string | null = null;
  let result: RecallsResponse | null = null;

  if (Object.keys(given).length > 0) {
    const parsed = RecallsQuery.safeParse(given);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      error = `${issue.path.join(".") || "input"}: ${issue.message}`;
    } else if (parsed.data.vin) {
      try {
        result = await recallsForVin(parsed.data.vin);
      } catch (e) {
        if (!isApiError(e)) throw e;
        error = e.detail;
      }
    } else if (parsed.data.year && parsed.data.make && parsed.data.model) {
      redirect(`/recalls/${parsed.data.year}/${slugify(parsed.data.make)}/${slugify(parsed.data.model)}`);
    }
  }

  return (
    <div className={styles.page}>
      <h1>Check safety recalls</h1>
      <p className="lead">Open recall campaigns from NHTSA, by VIN or by model year, make and model.</p>

      {/* Hints beside each field, not placeholders: a placeholder in an empty box reads as a value already filled in. */}
      <form className={styles.form} method="get" action="/recalls" aria-label="Check by VIN">
        <Field id="vin" label="VIN" hint="17 characters">
          <input
            id="vin"
            aria-describedby="vin-hint"
            className={styles.vinInput}
            name="vin"
            defaultValue={vinTyped ?? ""}
            maxLength={40}
            required
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <button type="submit">Check VIN</button>
      </form>

      <form className={styles.form} method="get" action="/recalls" aria-label="Check by vehicle">
        <Field id="year" label="Year" hint={`${RECALL_MIN_YEAR} to ${recallMaxYear()}`}>
          <input
            id="year"
            aria-describedby="year-hint"
            className={styles.yearInput}
            name="year"
            type="number"
            min={RECALL_MIN_YEAR}
            max={recallMaxYear()}
            required
            defaultValue={input.vin ? "" : (input.year ?? "")}
          />
        </Field>
        <Field id="make" label="Make" hint="For example, Honda">
          <input
            id="make"
            aria-describedby="make-hint"
            name="make"
            required
            defaultValue={input.vin ? "" : (input.make ?? "")}
          />
        </Field>
        <Field id="model" label="Model" hint="For example, Civic">
          <input
            id="model"
            aria-describedby="model-hint"
            name="model"
            required
            defaultValue={input.vin ? "" : (input.model ?? "")}
          />
        </Field>
        <button type="submit">Check vehicle</button>
      </form>

      {error && (
        <p className={styles.error} role="alert" data-testid="recalls-error">
          {error}
        </p>
      )}
      {result && (
        <>
          <h2>
            {result.vin}: {vehicleLabel(result)}
          </h2>
          <p className={styles.meta}>
            <a href={new URL(result.url).pathname}>Recall page for the {vehicleLabel(result)}</a>
          </p>
          <SourceNotice
            sections={sourceSections(
              { recalls: result },
              {
                label: NHTSA_RECALL_CHECK.label,
                url: `${NHTSA_RECALL_CHECK.url}?vin=${encodeURIComponent(result.vin ?? "")}`,
              },
            )}
          />
          <RecallDisclaimer />
          <RecallList recalls={result} />
        </>
      )}
      {!result && <RecallDisclaimer />}
    </div>
  );
}

/** A labelled form field with a hint line under its label (the input names it in aria-describedby). */
function Field({ id, label, hint, children }: { id: string; label: string; hint: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <span id={`${id}-hint`} className={styles.hint}>
        {hint}
      </span>
      {children}
    </div>
  );
}
