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
  it("says nothing is held when there is neither pricing nor recall data", () => {
    expect(composeFallback(base)).toContain("holds no buyer deals or recall data");
  });
});
