import { displayMake } from "./display-name";

describe("displayMake", () => {
  it.each([
    ["TOYOTA", "Toyota"],
    ["LAND ROVER", "Land Rover"],
    ["MERCEDES-BENZ", "Mercedes-Benz"],
    ["BMW", "BMW"],
    ["GMC", "GMC"],
    ["McLaren", "McLaren"],
  ])("%s → %s", (name, shown) => expect(displayMake(name)).toBe(shown));
});
