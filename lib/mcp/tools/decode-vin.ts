/** decode_vin: the VIN report (lib/report), the same answer as GET /api/public/vin/{vin}. */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { parseVin } from "../../api/common";
import { DecodeVinArguments, sectionFlags } from "../../api/mcp";
import { operations } from "../../api/operations";
import { VinDecodeResponse } from "../../api/vin-report";
import { FALLBACK_WRITER } from "../../insights/fallback";
import { buildVinReport } from "../../report";
import { runTool, toolSuccess } from "../tool-result";

export const DECODE_VIN = "decode_vin";

export function registerDecodeVin(server: McpServer): void {
  server.registerTool(
    DECODE_VIN,
    {
      title: "Decode a VIN",
      description:
        "Decodes a 17-character VIN with NHTSA's vPIC data and decoding rules. Returns the vehicle (model year, " +
        "make, model, trim, body style, drive type, fuel type, engine, transmission, assembly plant, vehicle " +
        "type, manufacturer), aggregate buyer pricing for its year, make and model (or the reason there is none), " +
        "its NHTSA recall campaigns with severity flags (do not drive, park outside, over-the-air update), a " +
        "short factual insight (AI-written, or composed by fixed rules when no AI model answers; its `model` says which), " +
        "NHTSA NCAP crash-test star ratings, NHTSA owner complaints (count, by component, newest) and EPA fuel economy " +
        "(MPG, annual fuel cost, EV range), the check-digit result and NHTSA error codes, the permalink and a citation. " +
        "Ratings and fuel economy list every variant the source rates for the model, each marked match, candidate " +
        "(several fit) or excluded against what the VIN decodes to. Each section can be switched off (insight off is " +
        "faster). A malformed VIN or one " +
        "that cannot be decoded is an error result.",
      inputSchema: DecodeVinArguments,
      outputSchema: VinDecodeResponse.shape,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async ({ vin, ...flags }) =>
      runTool(DECODE_VIN, async () => {
        const report = await buildVinReport(parseVin(vin), sectionFlags(operations.decodeVin.query, flags));
        return toolSuccess(report, reportSummary(report));
      }),
  );
}

const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;

function reportSummary(r: VinDecodeResponse): string {
  const d = r.decoded;
  const specs = [
    d.bodyStyle,
    d.driveType,
    d.fuelType,
    d.engine.cylinders ? `${d.engine.cylinders} cylinders` : null,
    d.engine.displacementLiters ? `${d.engine.displacementLiters} L` : null,
    d.transmission,
  ].filter(Boolean);
  const plant = [d.plant.city, d.plant.state, d.plant.country].filter(Boolean).join(", ");
  const lines = [
    `VIN ${r.vin}: ${[d.year, d.make, d.model, d.trim].filter(Boolean).join(" ") || "vehicle"}${specs.length ? ` (${specs.join(", ")})` : ""}.`,
  ];
  if (r.coverage === "wmi_only") {
    lines.push("Outside NHTSA's US-market data: only the manufacturer code (WMI) and model-year position were decoded; the model is unknown.");
  }
  if (d.manufacturer || plant) lines.push(`Built by ${d.manufacturer ?? "unknown manufacturer"}${plant ? ` in ${plant}` : ""}.`);
  if (!r.vinCheck.checkDigit.valid && r.vinCheck.checkDigitMandatory) {
    lines.push(`Check digit does not match: position 9 is ${r.vinCheck.checkDigit.actual}, expected ${r.vinCheck.checkDigit.expected}.`);
  }
  if (r.pricing) {
    const p = r.pricing;
    lines.push(
      p.available && p.averageSellingPrice !== null
        ? `Pricing: average selling price ${usd(p.averageSellingPrice)}` +
            `${p.averageDiscountPercent !== null ? `, ${p.averageDiscountPercent}% off MSRP` : ""}` +
            `${p.priceBand ? `, band ${usd(p.priceBand.low)}-${usd(p.priceBand.high)}` : ""}, ${p.sampleSize} deals (${p.dataStatus}).`
        : `Pricing: not available${p.reason ? ` (${p.reason.replace(/\.$/, "")})` : ""}.`,
    );
  }
  if (r.recalls) {
    const rc = r.recalls;
    if (rc.status === "unavailable") lines.push(`Recalls: unknown (${rc.source.replace(/\.$/, "")}).`);
    else {
      lines.push(`Recalls: ${rc.count} campaign${rc.count === 1 ? "" : "s"}${rc.status === "stale" ? ` (last known answer, as of ${rc.checkedAt})` : ""}.`);
      for (const item of rc.items) {
        const flags = [item.parkIt && "DO NOT DRIVE", item.parkOutside && "PARK OUTSIDE", item.overTheAirUpdate && "over-the-air update"].filter(Boolean);
        lines.push(`- ${item.campaignNumber}${flags.length ? ` [${flags.join(", ")}]` : ""}: ${item.component}. ${item.summary}`);
      }
    }
  }
  if (r.safetyRatings) lines.push(ratingsLine(r.safetyRatings));
  if (r.complaints) lines.push(complaintsLine(r.complaints));
  if (r.fuelEconomy) lines.push(fuelEconomyLine(r.fuelEconomy));
  if (r.insight) {
    const writer = r.insight.model === FALLBACK_WRITER ? "composed by vinscope from its data, not AI-written" : `AI-written by ${r.insight.model}`;
    lines.push(`Insight (${writer}): ${r.insight.text}`);
  }
  lines.push(r.citation);
  return lines.join("\n");
}

type Report = VinDecodeResponse;
const asOf = (s: { status: string; checkedAt: string }) => (s.status === "stale" ? ` (last known answer, as of ${s.checkedAt})` : "");

function ratingsLine(s: NonNullable<Report["safetyRatings"]>): string {
  if (s.status === "unavailable") return `NCAP ratings: unknown (${s.source.replace(/\.$/, "")}).`;
  const fitting = s.variants.filter((v) => v.fit !== "excluded");
  if (fitting.length === 0) return `NCAP ratings: no crash-tested variant fits this VIN${asOf(s)}.`;
  const parts = fitting.map((v) => `${v.description}: ${v.ratings?.overall ? `${v.ratings.overall} stars overall` : "not rated overall"}${v.fit === "candidate" ? " (candidate)" : ""}`);
  return `NCAP ratings${s.selection === "several" ? " (several variants fit; the VIN does not say which)" : ""}${asOf(s)}: ${parts.join("; ")}.`;
}

function complaintsLine(s: NonNullable<Report["complaints"]>): string {
  if (s.status === "unavailable" || s.count === null) return `Owner complaints: unknown (${s.source.replace(/\.$/, "")}).`;
  const top = s.byComponent.slice(0, 3).map((c) => `${c.component} ${c.count}`).join(", ");
  return `Owner complaints to NHTSA: ${s.count}${top ? ` (most: ${top})` : ""}${asOf(s)}.`;
}

function fuelEconomyLine(s: NonNullable<Report["fuelEconomy"]>): string {
  if (s.status === "unavailable") return `Fuel economy: unknown (${s.source.replace(/\.$/, "")}).`;
  const fitting = s.variants.filter((v) => v.fit !== "excluded");
  if (fitting.length === 0) return `Fuel economy: no EPA-rated variant fits this VIN${asOf(s)}.`;
  const parts = fitting.slice(0, 4).map(
    (v) =>
      `${v.description}: ${v.combinedMpg ?? "?"} combined (${v.cityMpg ?? "?"} city / ${v.highwayMpg ?? "?"} highway)` +
      `${v.evRangeMiles ? `, ${v.evRangeMiles} mi electric range` : ""}${v.annualFuelCostUsd ? `, ${usd(v.annualFuelCostUsd)}/year fuel` : ""}`,
  );
  return `EPA fuel economy${s.selection === "several" ? " (several variants fit)" : ""}${asOf(s)}: ${parts.join("; ")}.`;
}
