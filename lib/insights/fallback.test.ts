import { composeFallback } from "./fallback";
import type { VehicleFacts } from "./facts";

const base: VehicleFacts = {
  year: 2024,
  make: "Toyota",
  model: "Camry",
  variants: {
    bodyStyles: ["Sedan/Saloon"],
    fuelTypes: ["Gasoline"],
    engines: ["2.5 L, 4 cylinders"],
    electrification: [],
  },
  pricing: null,
  recalls: null,
};

describe("composeFallback", () => {
  it("says demo pricing is left out instead of denying that pricing exists", () => {
    const text = composeFallback({ ...base, pricingDemoOnly: true });
    expect(text).toContain("demonstration data");
    expect(text).not.toMatch(/no (verified )?(pricing|buyer deals)/);
  });
  it("claims no absence when the pricing and recall facts are unknown (not gathered in time)", () => {
    const text = composeFallback(base);
    expect(text).toContain("were not known when this summary was written");
    expect(text).not.toMatch(/\bno (verified )?(buyer deals|recall|pricing)/);
  });
  it("says there are none when the facts say so", () => {
    const text = composeFallback({
      ...base,
      pricing: {
        sampleSize: 0,
        dataStatus: "none",
        averageMsrp: null,
        averageSellingPrice: null,
        averageDiscountPercent: null,
        priceBand: null,
      },
    });
    expect(text).toContain("no verified buyer deals");
  });
});
