/**
 * Usage per day as grouped bars (VINs checked, stickers served, provision calls), in plain SVG: server-rendered,
 * no chart library, readable without JavaScript. Each series is drawn on its own scale so a day of 400 VINs
 * does not flatten 3 provision calls; the table under it gives exact numbers.
 */
import type { UsageDayView } from "@/lib/accounts/accounts";

const SERIES = [
  { key: "vins", label: "VINs checked", color: "var(--chart-1)" },
  { key: "stickers", label: "Stickers served", color: "var(--chart-2)" },
  { key: "provisions", label: "Provision calls", color: "var(--chart-3)" },
] as const;

export function UsageChart({ days }: { days: UsageDayView[] }) {
  const width = 720;
  const height = 180;
  const pad = 24;
  const slot = (width - pad * 2) / days.length;
  const bar = Math.max(2, (slot - 4) / SERIES.length);
  const max = Object.fromEntries(SERIES.map((s) => [s.key, Math.max(1, ...days.map((d) => d[s.key]))])) as Record<
    string,
    number
  >;
  const totals = Object.fromEntries(SERIES.map((s) => [s.key, days.reduce((n, d) => n + d[s.key], 0)])) as Record<
    string,
    number
  >;
  // An empty chart is an empty box: say what will be here instead.
  if (SERIES.every((s) => totals[s.key] === 0)) {
    return (
      <p className="muted" data-testid="usage-empty">
        No usage yet. Each day&apos;s VINs checked, window stickers served and provision calls will be charted here once
        your keys are used.
      </p>
    );
  }
  return (
    <figure data-testid="usage-chart" style={{ margin: 0 }}>
      <div style={{ maxWidth: width }}>
        <svg
          viewBox={`0 0 ${width} ${height + 4}`}
          role="img"
          aria-label="Usage per day over the last 30 days"
          style={{ width: "100%", display: "block" }}
        >
          <line x1={pad} y1={height} x2={width - pad} y2={height} style={{ stroke: "var(--chart-axis)" }} />
          {days.map((d, i) => (
            <g key={d.day} data-day={d.day}>
              {SERIES.map((s, j) => {
                if (d[s.key] === 0) return null;
                const h = Math.max(2, (d[s.key] / max[s.key]) * (height - 10));
                return (
                  <rect
                    key={s.key}
                    data-series={s.key}
                    x={pad + i * slot + 2 + j * bar}
                    y={height - h}
                    width={bar}
                    height={h}
                    style={{ fill: s.color }}
                  >
                    <title>{`${d.day}: ${d[s.key]} ${s.label.toLowerCase()}`}</title>
                  </rect>
                );
              })}
            </g>
          ))}
        </svg>
        {/* Date labels in HTML, so they keep their size when the chart shrinks on a phone. */}
        <div
          aria-hidden="true"
          style={{ position: "relative", height: "1.4rem", fontSize: "var(--fs-xs)", color: "var(--muted)" }}
        >
          {days.map((d, i) =>
            i % 5 === 4 || i === days.length - 1 ? (
              <span
                key={d.day}
                style={{
                  position: "absolute",
                  left: `clamp(1.5rem, ${((pad + i * slot + slot / 2) / width) * 100}%, calc(100% - 1.5rem))`,
                  transform: "translateX(-50%)",
                  whiteSpace: "nowrap",
                }}
              >
                {d.day.slice(5)}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <figcaption style={{ display: "flex", gap: "1rem", flexWrap: "wrap", fontSize: "0.9rem" }}>
        {SERIES.map((s) => (
          <span key={s.key} data-testid={`usage-total-${s.key}`}>
            <span style={{ display: "inline-block", width: 10, height: 10, background: s.color, marginRight: 4 }} />
            {s.label}: {totals[s.key]} in 30 days
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
