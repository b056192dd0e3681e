// The VIN page's buyer-data sections: NCAP stars as stars, complaints by component as a bar chart, EPA MPG /
// range / fuel cost as figures. A section its source could not supply is not shown as a card: the page's source
// notice names it (unknown is never shown as 0). A stale one shows its last answer and says of when.
import type { ComplaintsSection, FuelEconomySection, SafetyRatingsSection } from "@/lib/sources";
import styles from "./buyer-data.module.css";

function StatusNote({ s }: { s: { status: string; checkedAt: string } }) {
  if (s.status !== "stale") return null;
  return (
    <p className="muted" data-testid="status-note">
      Last known answer, as of {s.checkedAt.slice(0, 10)}.
    </p>
  );
}

function Stars({ value, label }: { value: number | null; label: string }) {
  if (value === null)
    return (
      <span className="muted" aria-label={`${label}: not rated`}>
        not rated
      </span>
    );
  return (
    <span className={styles.stars} role="img" aria-label={`${label}: ${value} of 5 stars`} data-stars={value}>
      {"★".repeat(value)}
      <span className={styles.starsOff}>{"★".repeat(5 - value)}</span>
    </span>
  );
}

const FIT_LABEL = { match: "fits this VIN", candidate: "may be this VIN", excluded: "not this VIN" } as const;

export function SafetyRatingsCard({ s }: { s: SafetyRatingsSection }) {
  const shown = s.variants.filter((v) => v.fit !== "excluded");
  const excluded = s.variants.length - shown.length;
  return (
    <section className="card" aria-labelledby="ratings-heading" data-testid="safety-ratings" data-status={s.status}>
      <h2 id="ratings-heading">Crash-test ratings (NHTSA 5-Star)</h2>
      <StatusNote s={s} />
      {s.status !== "unavailable" && s.variants.length === 0 ? (
        <p className="muted">NHTSA has not crash-tested this model year.</p>
      ) : null}
      {s.selection === "several" ? (
        <p className="muted">Several tested variants fit this VIN; it does not say which one it is.</p>
      ) : null}
      {s.selection === "none" && s.variants.length ? (
        <p className="muted">No tested variant matches this VIN&apos;s body and drive.</p>
      ) : null}
      {shown.map((v) => (
        <div key={v.vehicleId} className={styles.variant} data-testid="ncap-variant" data-fit={v.fit}>
          <h3>
            {v.description} <span className="badge">{FIT_LABEL[v.fit]}</span>
          </h3>
          {v.ratings ? (
            <dl className={styles.ratings}>
              <dt>Overall</dt>
              <dd>
                <Stars value={v.ratings.overall} label="Overall" />
              </dd>
              <dt>Frontal crash</dt>
              <dd>
                <Stars value={v.ratings.frontCrash} label="Frontal crash" />
              </dd>
              <dt>Side crash</dt>
              <dd>
                <Stars value={v.ratings.sideCrash} label="Side crash" />
              </dd>
              <dt>Rollover</dt>
              <dd>
                <Stars value={v.ratings.rollover} label="Rollover" />
                {v.ratings.rolloverRiskPercent !== null ? (
                  <span className="muted"> ({v.ratings.rolloverRiskPercent}% risk)</span>
                ) : null}
              </dd>
            </dl>
          ) : (
            <p className="muted">Ratings not available.</p>
          )}
        </div>
      ))}
      {excluded ? (
        <p className="muted">
          {excluded} other tested variant{excluded === 1 ? "" : "s"} (another body or drive) not shown.
        </p>
      ) : null}
      <p className="muted">
        <a href={s.url}>NHTSA&apos;s page for this vehicle</a>
      </p>
    </section>
  );
}

export function ComplaintsCard({ s }: { s: ComplaintsSection }) {
  const top = s.byComponent.slice(0, 8);
  const max = Math.max(1, ...top.map((c) => c.count));
  return (
    <section className="card" aria-labelledby="complaints-heading" data-testid="complaints" data-status={s.status}>
      <h2 id="complaints-heading">Owner complaints to NHTSA</h2>
      <StatusNote s={s} />
      {s.count !== null ? (
        <p data-testid="complaints-count">
          <strong>{s.count.toLocaleString("en-US")}</strong> complaint{s.count === 1 ? "" : "s"} filed
          {s.count
            ? ` — ${s.crashes} crash${s.crashes === 1 ? "" : "es"}, ${s.fires} fire${s.fires === 1 ? "" : "s"}, ${s.injuries} injur${s.injuries === 1 ? "y" : "ies"}, ${s.deaths} death${s.deaths === 1 ? "" : "s"} reported`
            : ""}
          .
        </p>
      ) : null}
      {top.length ? (
        <ul className={styles.bars} aria-label="Complaints by component" data-testid="complaints-chart">
          {top.map((c) => (
            <li key={c.component} data-component={c.component} data-count={c.count}>
              <span className={styles.barLabel}>{c.component}</span>
              <span className={styles.barTrack}>
                <span className={styles.bar} style={{ width: `${Math.max(2, (100 * c.count) / max)}%` }} />
              </span>
              <span className={styles.barValue}>{c.count}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {s.newest.length ? (
        <details>
          <summary>Newest complaints</summary>
          <ul className={styles.newest}>
            {s.newest.map((c) => (
              <li key={c.odiNumber}>
                <strong>{c.filedOn ?? "date unknown"}</strong> · {c.components.join(", ")}: {c.summary}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="muted">
        <a href={s.url}>All complaints at NHTSA</a>
      </p>
    </section>
  );
}

const figure = (n: number | null, unit: string) => (n === null ? "—" : `${n.toLocaleString("en-US")}${unit}`);

export function FuelEconomyCard({ s }: { s: FuelEconomySection }) {
  const shown = s.variants.filter((v) => v.fit !== "excluded").slice(0, 6);
  return (
    <section className="card" aria-labelledby="fuel-heading" data-testid="fuel-economy" data-status={s.status}>
      <h2 id="fuel-heading">Fuel economy (EPA)</h2>
      <StatusNote s={s} />
      {s.selection === "several" ? (
        <p className="muted">Several EPA-rated versions fit this VIN; it does not say which one it is.</p>
      ) : null}
      {s.selection === "none" && s.status !== "unavailable" ? (
        <p className="muted">No EPA-rated version matches this VIN&apos;s engine, drive and fuel.</p>
      ) : null}
      {shown.map((v) => {
        const ev = v.electrified === "EV";
        return (
          <div key={v.epaId} className={styles.variant} data-testid="epa-variant" data-fit={v.fit}>
            <h3>
              {v.description} <span className="badge">{FIT_LABEL[v.fit]}</span>
            </h3>
            <dl className={styles.figures}>
              <div>
                <dt>Combined</dt>
                <dd data-testid="mpg-combined">{figure(v.combinedMpg, ev ? " MPGe" : " MPG")}</dd>
              </div>
              <div>
                <dt>City</dt>
                <dd>{figure(v.cityMpg, ev ? " MPGe" : " MPG")}</dd>
              </div>
              <div>
                <dt>Highway</dt>
                <dd>{figure(v.highwayMpg, ev ? " MPGe" : " MPG")}</dd>
              </div>
              {v.evRangeMiles !== null ? (
                <div>
                  <dt>Electric range</dt>
                  <dd>{figure(v.evRangeMiles, " mi")}</dd>
                </div>
              ) : null}
              <div>
                <dt>Fuel cost</dt>
                <dd>{v.annualFuelCostUsd === null ? "—" : `$${v.annualFuelCostUsd.toLocaleString("en-US")}/yr`}</dd>
              </div>
            </dl>
          </div>
        );
      })}
      <p className="muted">
        <a href={s.url}>Compare at fueleconomy.gov</a>
      </p>
    </section>
  );
}
