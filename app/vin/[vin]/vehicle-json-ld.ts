// schema.org `Car` for a decoded VIN, so search engines and agents read the page's facts without scraping.
import type { VinDecodeResponse } from "@/lib/report";

const DRIVE_CONFIGURATION: Record<string, string> = {
  AWD: "https://schema.org/AllWheelDriveConfiguration",
  "4WD": "https://schema.org/FourWheelDriveConfiguration",
  FWD: "https://schema.org/FrontWheelDriveConfiguration",
  RWD: "https://schema.org/RearWheelDriveConfiguration",
};

export function vehicleJsonLd(report: VinDecodeResponse): Record<string, unknown> {
  const d = report.decoded;
  const liters = d.engine.displacementLiters ? Number(d.engine.displacementLiters) : null;
  const engine = {
    "@type": "EngineSpecification",
    ...(liters ? { engineDisplacement: { "@type": "QuantitativeValue", value: liters, unitCode: "LTR" } } : {}),
    ...(d.engine.cylinders ? { name: `${d.engine.cylinders}-cylinder` } : {}),
    ...(d.fuelType ? { fuelType: d.fuelType } : {}),
  };
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: [d.year, d.make, d.model, d.trim].filter(Boolean).join(" ") || (d.manufacturer ?? "Vehicle"),
    url: report.permalink,
    vehicleIdentificationNumber: report.vin,
    ...(d.year ? { modelDate: d.year, vehicleModelDate: d.year } : {}),
    ...(d.make ? { brand: { "@type": "Brand", name: d.make } } : {}),
    ...(d.manufacturer ? { manufacturer: { "@type": "Organization", name: d.manufacturer } } : {}),
    ...(d.model ? { model: d.model } : {}),
    ...(d.bodyStyle ? { bodyType: d.bodyStyle } : {}),
    ...(d.driveType ? { driveWheelConfiguration: DRIVE_CONFIGURATION[d.driveType] } : {}),
    ...(Object.keys(engine).length > 1 ? { vehicleEngine: engine } : {}),
    ...(d.fuelType ? { fuelType: d.fuelType } : {}),
    ...(d.transmission ? { vehicleTransmission: d.transmission } : {}),
    ...(d.plant.country
      ? { productionPlace: [d.plant.city, d.plant.state, d.plant.country].filter(Boolean).join(", ") }
      : {}),
  };
}

/** JSON for a <script> element: `<` escaped so no value can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
