// The price band as an SVG: p10-p90 as a bar, the median as a marker, the average MSRP as a dashed line.
// Server-rendered, no script; the numbers are also printed beside it for screen readers and copy-paste.
import type { PricingResponse } from "@/lib/api/pricing";

const WIDTH = 640;
const HEIGHT = 132;
const PAD = 24;
const BAR_Y = 44;
const BAR_H = 28;

export const dollars = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;

export function PriceBandChart({
  pricing,
}: {
  pricing: Pick<PricingResponse, "priceBand" | "averageMsrp" | "year" | "make" | "model">;
}) {
  const band = pricing.priceBand;
  if (!band) return null;
  const msrp = pricing.averageMsrp;
  const lo = Math.min(band.low, msrp ?? band.low);
  const hi = Math.max(band.high, msrp ?? band.high);
  const span = Math.max(hi - lo, 1);
  const min = lo - span * 0.08;
  const max = hi + span * 0.08;
  const x = (v: number) => PAD + ((v - min) / (max - min)) * (WIDTH - 2 * PAD);
  const label = `Price band for the ${pricing.year} ${pricing.make} ${pricing.model}: 10th percentile ${dollars(band.low)}, median ${dollars(band.typical)}, 90th percentile ${dollars(band.high)}${msrp ? `, average MSRP ${dollars(msrp)}` : ""}.`;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid="price-band-chart"
      style={{ width: "100%", maxWidth: WIDTH, height: "auto" }}
    >
      <title>{label}</title>
      <line x1={PAD} x2={WIDTH - PAD} y1={BAR_Y + BAR_H / 2} y2={BAR_Y + BAR_H / 2} stroke="#c9ced6" strokeWidth={2} />
      <rect
        data-testid="band"
        x={x(band.low)}
        y={BAR_Y}
        width={Math.max(x(band.high) - x(band.low), 2)}
        height={BAR_H}
        rx={6}
        fill="#9cc3f0"
      />
      <line data-testid="typical" x1={x(band.typical)} x2={x(band.typical)} y1={BAR_Y - 6} y2={BAR_Y + BAR_H + 6} stroke="#0b4f9c" strokeWidth={4} />
      {msrp !== null && (
        <g data-testid="msrp">
          <line x1={x(msrp)} x2={x(msrp)} y1={BAR_Y - 14} y2={BAR_Y + BAR_H + 14} stroke="#b4232a" strokeWidth={2} strokeDasharray="5 4" />
          <text x={x(msrp)} y={BAR_Y - 20} textAnchor="middle" fontSize={13} fill="#b4232a">
            MSRP {dollars(msrp)}
          </text>
        </g>
      )}
      <text x={x(band.low)} y={BAR_Y + BAR_H + 26} textAnchor="middle" fontSize={13} fill="#333">
        {dollars(band.low)}
      </text>
      <text x={x(band.typical)} y={BAR_Y + BAR_H + 44} textAnchor="middle" fontSize={14} fontWeight={700} fill="#0b4f9c">
        median {dollars(band.typical)}
      </text>
      <text x={x(band.high)} y={BAR_Y + BAR_H + 26} textAnchor="middle" fontSize={13} fill="#333">
        {dollars(band.high)}
      </text>
    </svg>
  );
}
