/**
 * The operations the spec names, by operationId: the OpenAPI document must hold each (tests/contract.test.ts),
 * and the docs page's API reference must show each (e2e/docs.spec.ts).
 */
export const SPEC_OPERATIONS = [
  "decodeVin",
  "decodeVins",
  "getVehiclePricing",
  "getVehiclePricingByState",
  "getMarketOverview",
  "getRecalls",
  "getVehicleInsight",
  "getOpenApiDocument",
  "getWindowSticker",
  "provision",
  "mcp",
] as const;
