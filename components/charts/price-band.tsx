// The price band: 10th-90th percentile as a bar, the median as a marker, the average MSRP (when known) as a
// dashed line. HTML and CSS rather than a scaled SVG, so the labels keep their size on a phone. Server-rendered,
// no script; the container is an image for assistive technology with the figures in its label, and pages
// print the same figures as text beside it.
import styles from "./charts.module.css";

export const dollars = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;

export interface PriceBandProps {
  band: { low: number; typical: number; high: number };
  averageMsrp: number | null;
  /** "2024 Toyota Camry", for the accessible label. */
  vehicle: string;
}

export function PriceBand({ band, averageMsrp: msrp, vehicle }: PriceBandProps) {
  const lo = Math.min(band.low, msrp ?? band.low);
  const hi = Math.max(band.high, msrp ?? band.high);
  const span = Math.max(hi - lo, 1);
  const min = lo - span * 0.08;
  const max = hi + span * 0.08;
  const pct = (v: number) => Math.round(((v - min) / (max - min)) * 1000) / 10;
  const left = pct(band.low);
  const right = pct(band.high);
  const median = pct(band.typical);
  const label =
    `Price band for the ${vehicle}: 10th percentile ${dollars(band.low)}, median ${dollars(band.typical)}, ` +
    `90th percentile ${dollars(band.high)}${msrp !== null ? `, average MSRP ${dollars(msrp)}` : ""}.`;

  return (
    <figure className={`chart ${styles.band}`}>
      <div role="img" aria-label={label} data-testid="price-band-chart">
        <div className={styles.aboveRow} aria-hidden="true">
          <span className={styles.medianLabel} style={{ left: `clamp(4.5rem, ${median}%, calc(100% - 4.5rem))` }}>
            median {dollars(band.typical)}
          </span>
        </div>
        <div className={styles.track} aria-hidden="true">
          <div className={styles.axis} />
          <div
            className={styles.bar}
            data-testid="band"
            data-left={left}
            data-width={Math.round((right - left) * 10) / 10}
            style={{ left: `${left}%`, width: `${right - left}%` }}
          />
          <div className={styles.median} data-testid="typical" data-left={median} style={{ left: `${median}%` }} />
          {msrp !== null ? (
            <div className={styles.msrp} data-testid="msrp" data-left={pct(msrp)} style={{ left: `${pct(msrp)}%` }} />
          ) : null}
        </div>
        <div className={styles.belowRow} aria-hidden="true">
          <span className={styles.lowLabel} style={{ left: `clamp(0rem, ${left}%, calc(100% - 11rem))` }}>
            {dollars(band.low)}
          </span>
          <span
            className={styles.highLabel}
            style={{ right: `clamp(0rem, ${Math.round((100 - right) * 10) / 10}%, calc(100% - 11rem))` }}
          >
            {dollars(band.high)}
          </span>
        </div>
      </div>
      <figcaption>
        <ul className={styles.legend}>
          <li>
            <span className={`${styles.key} ${styles.keyBand}`} aria-hidden="true" />
            middle 80% of deals ({dollars(band.low)} to {dollars(band.high)})
          </li>
          <li>
            <span className={`${styles.key} ${styles.keyMedian}`} aria-hidden="true" />
            median {dollars(band.typical)}
          </li>
          {msrp !== null ? (
            <li>
              <span className={`${styles.key} ${styles.keyMsrp}`} aria-hidden="true" />
              average MSRP {dollars(msrp)}
            </li>
          ) : null}
        </ul>
      </figcaption>
    </figure>
  );
}
