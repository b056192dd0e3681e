// /vehicles: every make of cars, SUVs, vans and trucks in NHTSA's vPIC data, each a link to its page (the
// picker's first step, as links). The picker's form lands here without JavaScript (?make=&model=&year=) and is
// sent on to the make's or the vehicle's page.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { yearsOfRanges } from "@/lib/vehicle";
import { makeModels, pickerMakes } from "./load-catalog";
import styles from "./vehicles.module.css";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Vehicles by make, model and year",
  description:
    "The makes and models in NHTSA's vPIC data, with pricing, recalls, crash-test ratings, complaints and fuel economy per model year.",
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v.trim() : "");

export default async function VehiclesPage({ searchParams }: Props) {
  const q = await searchParams;
  const make = one(q.make);
  const model = one(q.model);
  const year = one(q.year);
  const found = make ? makeModels(make) : null;
  if (found) redirect(destination(found, model, year));
  const makes = pickerMakes();
  return (
    <div className={styles.page}>
      <h1>Vehicles by make, model and year</h1>
      <p className="lead">
        Pick a vehicle to see what buyers paid, its open recalls, crash-test ratings, owner complaints and fuel economy.
        Makes and models come from NHTSA&apos;s vPIC data.
      </p>
      {make && !found ? (
        <p className="notice notice-warn" role="alert" data-testid="unknown-make">
          NHTSA&apos;s vPIC data has no make named &ldquo;{make}&rdquo;. Choose one from the list below.
        </p>
      ) : null}
      <section aria-labelledby="makes-h">
        <h2 id="makes-h">Makes of cars, SUVs, vans and trucks ({makes.length})</h2>
        <ul className={styles.makes} data-testid="makes">
          {makes.map((m) => (
            <li key={m.slug}>
              <Link href={`/vehicles/${m.slug}`}>{m.name}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Where the picker's answer leads: the vehicle's page, or the make's page (with what it could not find). */
function destination(found: NonNullable<ReturnType<typeof makeModels>>, model: string, year: string): string {
  const base = `/vehicles/${found.make.slug}`;
  const chosen = model ? found.models.find((m) => m.slug === model.toLowerCase()) : undefined;
  if (!chosen) return year ? `${base}?year=${encodeURIComponent(year)}` : base;
  const years = yearsOfRanges(chosen.years);
  if (!year) return `${base}/${chosen.slug}/${years[0]}`;
  if (years.includes(Number(year))) return `${base}/${chosen.slug}/${Number(year)}`;
  return `${base}?model=${chosen.slug}&year=${encodeURIComponent(year)}`;
}
