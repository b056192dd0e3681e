/** EPA fuel economy: the public surface (VIN report, routes, MCP, import). See service.ts. */
export { fuelEconomyForVehicle, fuelEconomyDegradedSection } from "./service";
export { fuelEconomyOnline } from "./epa-client";
