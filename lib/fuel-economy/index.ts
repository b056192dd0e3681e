/** EPA fuel economy: the public surface (VIN report, routes, MCP, import). See service.ts. */
export { fuelEconomyForVehicle, fuelEconomyDegradedSection, fuelEconomyPageUrl, resetFuelEconomyForTests } from "./service";
export { fuelEconomyOnline } from "./epa-client";
