// The recall list shared by the recall pages (check by VIN, year/make/model), the model year's page and the VIN report
// page: newest first, severity badges, and distinct empty / stale / not-known states. Stale and not known are said
// calmly in the page's one source notice (components/source-notice.tsx); here only the list and its date remain.
import { BarChart } from "@/components/charts/bar-chart";
import type { RecallsResponse } from "@/lib/recalls";
import { showsOwnCard } from "@/lib/sources";
import { displayMake } from "@/lib/vehicle";
import styles from "./recall-list.module.css";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function formatDate(iso: string): string {
  return iso ? dateFormat.format(new Date(`${iso}T00:00:00Z`)) : "date not given";
}

export function vehicleLabel(r: Pick<RecallsResponse, "year" | "make" | "model">): string {
  return `${r.year} ${displayMake(r.make)} ${r.model}`;
}

/**
 * The campaigns of an answer that has them (ok, or stale: the last known answer). An answer that is not known
 * (pending, unavailable) shows one short line: the page's source notice (components/source-notice.tsx) says why.
 */
export function RecallList({ recalls }: { recalls: RecallsResponse }) {
  const vehicle = vehicleLabel(recalls);
  const checked = timeFormat.format(new Date(recalls.checkedAt));
  if (!showsOwnCard(recalls.status) || recalls.count === null) {
    return (
      <p data-testid="recalls-not-known" aria-live="polite">
        Not known right now (see the note at the top of this page). This is not the same as no recalls.
      </p>
    );
  }
  return (
    <section aria-live="polite">
      {recalls.count === 0 ? (
        <div className={`${styles.state} ${styles.empty}`} data-testid="recalls-empty">
          <h2>No open recalls listed</h2>
          <p>
            NHTSA lists no recall campaigns for the {vehicle} (as of {checked} UTC).
          </p>
        </div>
      ) : (
        <>
          <h2 className={styles.count} data-testid="recalls-count">
            {recalls.count} recall campaign{recalls.count === 1 ? "" : "s"} for the {vehicle}
          </h2>
          <RecallSeverityChart items={recalls.items} />
          <ol className={styles.list}>
            {recalls.items.map((item) => (
              <li key={item.campaignNumber} className={styles.item} data-testid="recall-item">
                <header className={styles.itemHeader}>
                  <h3>{item.component || "Component not given"}</h3>
                  <div className={styles.badges}>
                    {item.parkIt && <span className="badge badge-bad">Do not drive</span>}
                    {item.parkOutside && <span className="badge badge-warn">Park outside</span>}
                    {item.overTheAirUpdate && <span className="badge badge-info">Over-the-air fix</span>}
                  </div>
                </header>
                <p className={styles.meta}>
                  NHTSA campaign <strong>{item.campaignNumber}</strong> · report received{" "}
                  {formatDate(item.reportReceivedDate)}
                </p>
                <dl className={styles.fields}>
                  <dt>Summary</dt>
                  <dd>{item.summary}</dd>
                  <dt>Consequence</dt>
                  <dd>{item.consequence}</dd>
                  <dt>Remedy</dt>
                  <dd>{item.remedy}</dd>
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}
      <p className={styles.meta}>
        {recalls.status === "stale" ? `Last known answer, as of ${checked} UTC.` : `Checked ${checked} UTC.`} Source:{" "}
        {recalls.source}.
      </p>
    </section>
  );
}

export function RecallDisclaimer() {
  return (
    <p className={styles.disclaimer}>
      NHTSA lists recall campaigns per model year, make and model. Whether the remedy has already been carried out on a
      particular vehicle (VIN) is for its manufacturer or a dealer to confirm.
    </p>
  );
}

/** How severe the campaigns are, at a glance: the flags NHTSA sets, counted; the list below is the detail. */
function RecallSeverityChart({ items }: { items: RecallsResponse["items"] }) {
  const parkIt = items.filter((i) => i.parkIt).length;
  const parkOutside = items.filter((i) => i.parkOutside).length;
  const ota = items.filter((i) => i.overTheAirUpdate).length;
  const other = items.filter((i) => !i.parkIt && !i.parkOutside).length;
  const bars = [
    { key: "park-it", label: "Do not drive", value: parkIt, tone: "bad" as const },
    { key: "park-outside", label: "Park outside", value: parkOutside, tone: "warn" as const },
    { key: "other", label: "Other campaigns (no parking warning)", value: other },
    { key: "ota", label: "Fixed over the air", value: ota, tone: "good" as const },
  ].map((b) => ({ ...b, valueText: `${b.value} of ${items.length}` }));
  return <BarChart title="Campaigns by severity" bars={bars} testId="recall-severity" />;
}
