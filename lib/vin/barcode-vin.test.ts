import { vinFromBarcode } from "./barcode-vin";

// 1HGCM82633A004352: a real-format VIN with a correct check digit (3).
const VIN = "1HGCM82633A004352";

describe("vinFromBarcode", () => {
  it("reads a Code 39 VIN as printed, and with the leading I of import labels", () => {
    expect(vinFromBarcode(VIN)).toEqual({ kind: "vin", vin: VIN });
    expect(vinFromBarcode(`I${VIN}`)).toEqual({ kind: "vin", vin: VIN });
  });

  it("drops stray characters around and inside the read", () => {
    expect(vinFromBarcode(` *${VIN.toLowerCase()}*\n`)).toEqual({ kind: "vin", vin: VIN });
    expect(vinFromBarcode(`1HG-CM826-33A004352`)).toEqual({ kind: "vin", vin: VIN });
    // A Data Matrix with other data around the VIN.
    expect(vinFromBarcode(`VIN:${VIN};PLANT:MARYSVILLE`)).toEqual({ kind: "vin", vin: VIN });
  });

  it("offers a read whose check digit is wrong for correction, saying what it should be", () => {
    expect(vinFromBarcode("1HGCM82683A004352")).toEqual({
      kind: "check_digit",
      vin: "1HGCM82683A004352",
      expected: "3",
      actual: "8",
    });
  });

  it("answers none when nothing can be a VIN", () => {
    expect(vinFromBarcode("https://example.com")).toMatchObject({ kind: "none" });
    expect(vinFromBarcode("1HGCM8263")).toMatchObject({ kind: "none" });
  });
});
