// /vehicles/{make}: a make's cars, SUVs, vans and trucks and their model years (?year= keeps one year's;
// ?type=all lists its other vehicles, motorcycles, buses, trailers, too), with the picker's next step. Links lead
// to each model year's page.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { VehiclePicker } from "@/components/vehicle-picker";
import { LIGHT_VEHICLE_TYPES } from "@/lib/vin";
import { yearsOfRanges } from "@/lib/vehicle";
import { makeModels } from "../load-catalog";
import styles from "../vehicles.module.css";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ make: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

type Models = NonNullable<ReturnType<typeof makeModels>>["models"];

const yearsText = (years: Models[number]["years"]) =>
  years.map((y) => (y.from === y.to ? `${y.from}` : `${y.from}–${y.to}`)).join(", ");

async function load(params: Props["params"]) {
  const { make } = await params;
  return makeModels(decodeURIComponent(make));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load(params);
  if (!found) return { title: "Make not found", robots: { index: false } };
  return {
    title: `${found.make.name} models and years`,
    description: `Every ${found.make.name} model in NHTSA's vPIC data, with pricing, recalls, crash-test ratings, complaints and fuel economy per model year.`,
  };
}

export default async function MakePage({ params, searchParams }: Props) {
  const found = await load(params);
  if (!found) notFound();
  const { make: typed } = await params;
  if (typed !== found.make.slug) permanentRedirect(`/vehicles/${found.make.slug}`);
  const q = await searchParams;
  const year = typeof q.year === "string" && /^\d{4}$/.test(q.year) ? Number(q.year) : null;
  const missing = typeof q.model === "string" ? found.models.find((m) => m.slug === q.model) : undefined;
  const inYear = (m: Models[number]) => year === null || m.years.some((r) => year >= r.from && year <= r.to);
  const isLight = (m: Models[number]) => m.vehicleTypes.some((t) => LIGHT_VEHICLE_TYPES.includes(t));
  const lightModels = found.models.filter(isLight);
  // A make of motorcycles or trailers only has no light vehicles: its page lists what it has.
  const everything = q.type === "all" || lightModels.length === 0;
  const light = lightModels.filter(inYear);
  const other = everything ? found.models.filter((m) => !isLight(m) && inYear(m)) : [];
  const otherCount = found.models.length - lightModels.length;
  const filters = (extra: Record<string, string>) => {
    const params = new URLSearchParams({ ...(year ? { year: String(year) } : {}), ...extra });
    return params.size ? `?${params}` : "";
  };

  return (
    <div className={styles.page}>
      <p className={styles.crumbs}>
        <Link href="/vehicles">Vehicles</Link> › {found.make.name} (<Link href="/vehicles">another make</Link>)
      </p>
      <h1>
        {found.make.name} models{year ? ` of ${year}` : ""}
      </h1>
      {missing && year ? (
        <p className="notice notice-warn" role="alert" data-testid="no-such-year">
          NHTSA&apos;s vPIC data has no {year} {found.make.name} {missing.name}: its model years are{" "}
          {yearsText(missing.years)}.
        </p>
      ) : null}
      <VehiclePicker fixed={found.make} models={everything ? found.models : lightModels} model={missing?.slug} />
      {year ? (
        <p>
          <Link href={`/vehicles/${found.make.slug}`}>Every {found.make.name} model and year</Link>
        </p>
      ) : null}
      <ModelList
        title="Cars, SUVs, vans and trucks"
        models={light}
        make={found.make.slug}
        year={year}
        testId="models"
        yearLinks
      />
      {other.length ? (
        <section aria-labelledby="other-h">
          <h2 id="other-h">Other {found.make.name} vehicles</h2>
          <ModelList
            title="Other vehicles"
            models={other}
            make={found.make.slug}
            year={year}
            testId="other-models"
            yearLinks={false}
          />
        </section>
      ) : null}
      {!everything && otherCount > 0 ? (
        <p>
          <Link href={`/vehicles/${found.make.slug}${filters({ type: "all" })}`} data-testid="other-vehicles">
            {otherCount} other {found.make.name} vehicle{otherCount === 1 ? "" : "s"} (motorcycles, buses, trailers and
            more)
          </Link>
        </p>
      ) : null}
      {light.length + other.length === 0 ? (
        <p data-testid="no-models">
          vPIC lists no {found.make.name} model{year ? ` for ${year}` : ""}.
        </p>
      ) : null}
      <p className="muted small">
        Source: NHTSA vPIC. As JSON:{" "}
        <a href={`/api/public/models?make=${found.make.slug}&type=all`}>/api/public/models?make={found.make.slug}</a>
      </p>
    </div>
  );
}

/** `yearLinks`: a link per model year (cars, SUVs, vans and trucks); other vehicles link their newest year only. */
function ModelList(props: {
  title: string;
  models: Models;
  make: string;
  year: number | null;
  testId: string;
  yearLinks: boolean;
}) {
  const { title, models, make, year, testId } = props;
  if (!models.length) return null;
  return (
    <section aria-label={title}>
      <ul className={styles.models} data-testid={testId}>
        {models.map((m) => {
          const years = yearsOfRanges(m.years);
          const shown = year ?? years[0];
          return (
            <li key={m.slug} className="card" data-model={m.slug}>
              <h3>
                <Link href={`/vehicles/${make}/${m.slug}/${shown}`}>
                  {m.name}
                  {year ? ` ${year}` : ""}
                </Link>
              </h3>
              <p className="muted small">Model years {yearsText(m.years)}</p>
              {props.yearLinks && !year && years.length > 1 ? (
                <ul className={styles.years} aria-label={`${m.name} model years`}>
                  {years.map((y) => (
                    <li key={y}>
                      <Link href={`/vehicles/${make}/${m.slug}/${y}`}>{y}</Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
