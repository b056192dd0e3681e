import { displayMake } from "./display-name";

describe("displayMake", () => {
  it.each([
    ["TOYOTA", "Toyota"],
    ["LAND ROVER", "Land Rover"],
    ["MERCEDES-BENZ", "Mercedes-Benz"],
    ["BMW", "BMW"],
    ["GMC", "GMC"],
    ["KIA", "Kia"],
    ["RAM", "Ram"],
    ["MINI", "MINI"],
    ["MCLAREN", "McLaren"],
    ["McLaren", "McLaren"],
    ["Kia", "Kia"],
  ])("%s → %s", (name, shown) => expect(displayMake(name)).toBe(shown));

  it("is the same applied twice", () => {
    for (const name of ["TOYOTA", "KIA", "LAND ROVER", "BMW", "Toyota"])
      expect(displayMake(displayMake(name))).toBe(displayMake(name));
  });
});
