// A ranked horizontal bar chart in HTML: one list item per bar with its label, the bar (decorative) and the
// value as text, so the list itself is the chart's text equivalent. Server-rendered, no script; on a phone the
// label moves above its bar.
import Link from "next/link";
import type { ReactNode } from "react";
import styles from "./charts.module.css";

export interface Bar {
  key: string;
  label: ReactNode;
  href?: string;
  value: number;
  /** The value as people read it ("12.4%", "1,204 deals"). */
  valueText: string;
  tone?: "bad" | "warn" | "good";
}

export function BarChart({
  title,
  bars,
  caption,
  testId,
}: {
  title: string;
  bars: Bar[];
  caption?: ReactNode;
  testId?: string;
}) {
  const max = Math.max(...bars.map((b) => b.value), 0);
  const id = `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <figure className="chart" data-testid={testId} aria-labelledby={id}>
      <p className={styles.title} id={id}>
        {title}
      </p>
      <ol className={styles.bars}>
        {bars.map((b) => (
          <li key={b.key} className={styles.barRow}>
            <span className={styles.barLabel}>{b.href ? <Link href={b.href}>{b.label}</Link> : b.label}</span>
            <span className={styles.barTrack} aria-hidden="true">
              <span
                className={styles.barFill}
                data-tone={b.tone}
                style={{ width: `${max > 0 ? (b.value / max) * 100 : 0}%` }}
              />
            </span>
            <span className={styles.barValue}>{b.valueText}</span>
          </li>
        ))}
      </ol>
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}
