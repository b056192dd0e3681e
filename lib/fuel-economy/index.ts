/** EPA fuel economy: the public surface (VIN report, routes, MCP, import). See service.ts. */
export { fuelEconomyForVehicle, fuelEconomyDegradedSection } from "./service";
export { fuelEconomyOnline } from "./epa-client";

// Reached from outside the room (issue 46: every import of it comes through this door).
export { importVehiclesCsv } from "./import";
export { importedEpaVariants } from "./store";
