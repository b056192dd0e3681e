import { OPERATIONS, operations } from "./operations";

describe("the operation list", () => {
  test("names the spec's operations", () => {
    const ids = OPERATIONS.map((op) => op.operationId);
    for (const id of [
      "decodeVin",
      "getVehiclePricing",
      "getVehiclePricingByState",
      "getMarketOverview",
      "getRecalls",
      "getOpenApiDocument",
    ]) {
      expect(ids).toContain(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.decodeVin).toMatchObject({
      operationId: "decodeVin",
      method: "get",
      path: "/api/public/vin/{vin}",
      cache: "vin",
    });
  });
});
