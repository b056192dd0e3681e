/**
 * What is known about a model year, make and model without a VIN: the vehicle page (/vehicles/{make}/{model}/{year})
 * and the MCP resource vinscope://vehicle/{year}/{make}/{model} show it. Its sections are the VIN report's; the
 * NCAP and EPA sections list every variant, none chosen (there is no VIN to choose with).
 */
import { z } from "zod";
import { ComplaintsSection, FuelEconomySection, SafetyRatingsSection } from "../sources";
import { BulletinsSection } from "../bulletins";
import { InvestigationsSection } from "../investigations";
import { CanadaRecallsSection } from "../canada-recalls";
import { VinDecodeResponse, VinPricingSection, VinRecallsSection } from "./vin-report-answers";

const Named = z.object({ name: z.string(), slug: z.string() });

export const VehicleReport = z
  .object({
    year: z.int(),
    make: Named.meta({ description: "the make as NHTSA vPIC spells it, and its slug" }),
    model: Named,
    modelYears: z
      .array(z.object({ from: z.int(), to: z.int() }))
      .meta({ description: "every model year vPIC's patterns cover for the model" }),
    pricing: VinPricingSection,
    recalls: VinRecallsSection,
    safetyRatings: SafetyRatingsSection,
    complaints: ComplaintsSection,
    fuelEconomy: FuelEconomySection,
    investigations: InvestigationsSection,
    bulletins: BulletinsSection,
    canadaRecalls: CanadaRecallsSection,
    insight: VinDecodeResponse.shape.insight.unwrap(),
    url: z.url().meta({ description: "the vehicle's page" }),
    citation: z.string(),
  })
  .meta({ id: "VehicleReport", description: "What is known about a model year, make and model without a VIN." });
export type VehicleReport = z.infer<typeof VehicleReport>;
