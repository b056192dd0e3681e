/**
 * The report of a model year, make and model without a VIN, for the vehicle page and the MCP vehicle resource:
 * the VIN report's sections for the vehicle (pricing, recalls, complaints, insight: reportSections, with their
 * deadlines and memos), and the NCAP and EPA sections with every variant, each under its own deadline.
 */
import type { VehicleReport } from "./vehicle-report-answers";
import { config } from "../config";
import { fuelEconomyDegradedSection, fuelEconomyForVehicle } from "../fuel-economy";
import { ratingsDegradedSection, safetyRatingsForVehicle } from "../ratings";
import { displayMake, type VehicleQuery } from "../vehicle";
import { findCatalogModel, findVpicModel } from "../vin";
import { buyerSection, reportSections } from "./vin-report";

/** The vehicle's page (slugs from the vPIC catalog). */
function vehiclePageUrl(makeSlug: string, modelSlug: string, year: number): string {
  return `${config().publicBaseUrl}/vehicles/${makeSlug}/${modelSlug}/${year}`;
}

/** Null when vPIC knows no such make and model, or none for that model year. */
export async function buildVehicleReport(q: VehicleQuery): Promise<VehicleReport | null> {
  const found = findCatalogModel(q.make, q.model);
  const names = findVpicModel(q.make, q.model);
  if (!found || !names || !found.model.years.some((r) => q.year >= r.from && q.year <= r.to)) return null;
  const vehicle: VehicleQuery = { year: q.year, make: names.make, model: names.model };
  const { report } = config();
  const [sections, safetyRatings, fuelEconomy] = await Promise.all([
    reportSections(vehicle, {
      pricing: true,
      recalls: true,
      insight: true,
      complaints: true,
      safetyRatings: false,
      fuelEconomy: false,
      investigations: true,
      bulletins: true,
      canadaRecalls: true,
    }),
    buyerSection(
      "safetyRatings",
      () => safetyRatingsForVehicle(vehicle, null, { budgetMs: report.liveBudgetMs }),
      (reason) => ratingsDegradedSection(vehicle, reason),
    ),
    buyerSection(
      "fuelEconomy",
      () => fuelEconomyForVehicle(vehicle, null, { budgetMs: report.liveBudgetMs }),
      (reason) => fuelEconomyDegradedSection(vehicle, reason),
    ),
  ]);
  const url = vehiclePageUrl(found.make.slug, found.model.slug, q.year);
  return {
    year: q.year,
    make: found.make,
    model: { name: found.model.name, slug: found.model.slug },
    modelYears: found.model.years,
    pricing: sections.pricing!,
    recalls: sections.recalls!,
    safetyRatings,
    complaints: sections.complaints!,
    fuelEconomy,
    investigations: sections.investigations!,
    bulletins: sections.bulletins!,
    canadaRecalls: sections.canadaRecalls!,
    insight: sections.insight ?? null,
    url,
    citation: `vinscope, "${q.year} ${displayMake(found.make.name)} ${found.model.name}", from NHTSA vPIC, NHTSA recalls, NCAP and complaints, EPA fuel economy and buyer deals. ${url}`,
  };
}
