/** EPA records read from the web-service / vehicles.csv field names and matched against a VIN's decode. */
import { markFits } from "../vin";
import { traits } from "../../tests/support/vin-traits";
import { readMenu } from "./epa-client";
import { epaDifferences, epaDrive, epaModelMatches } from "./epa-match";
import { epaRecordFrom, electrifiedOf } from "./epa-record";

// Field names and value formats as in EPA's vehicles.csv; the figures are constructed for the test (SOURCES.md).
const row = (o: Record<string, string>) =>
  epaRecordFrom({
    year: "2015",
    make: "Toyota",
    drive: "Front-Wheel Drive",
    fuelType: "Regular",
    atvType: "",
    range: "0",
    co2TailpipeGpm: "-1",
    ...o,
  })!;
const camry = row({
  id: "1",
  model: "Camry",
  trany: "Automatic (S6)",
  cylinders: "4",
  displ: "2.5",
  city08: "25",
  highway08: "35",
  comb08: "28",
  fuelCost08: "1500",
});
const camryV6 = row({
  id: "2",
  model: "Camry",
  trany: "Automatic (S6)",
  cylinders: "6",
  displ: "3.5",
  city08: "21",
  highway08: "31",
  comb08: "25",
  fuelCost08: "1700",
});
const hybrid = row({
  id: "3",
  model: "Camry Hybrid LE",
  trany: "Automatic (variable gear ratios)",
  cylinders: "4",
  displ: "2.5",
  atvType: "Hybrid",
  city08: "43",
  highway08: "39",
  comb08: "41",
  fuelCost08: "1000",
});

describe("EPA records", () => {
  it("reads the fields; EPA's 0 and -1 are unknown, not zero", () => {
    expect(camry).toMatchObject({
      id: 1,
      year: 2015,
      cylinders: 4,
      displ: 2.5,
      comb08: 28,
      fuelCost08: 1500,
      rangeMiles: null,
      co2: null,
    });
    expect(epaRecordFrom({ id: "x", year: "2015", make: "A", model: "B" })).toBeNull();
    expect(electrifiedOf(hybrid)).toBe("Hybrid");
    expect(electrifiedOf(row({ id: "4", model: "Leaf", fuelType: "Electricity", atvType: "EV" }))).toBe("EV");
  });

  it("reads fueleconomy.gov menus, a single item as an object too", () => {
    expect(readMenu({ menuItem: { text: "Auto 6-spd", value: "35962" } })).toEqual([
      { text: "Auto 6-spd", value: "35962" },
    ]);
    expect(
      readMenu({
        menuItem: [
          { text: "A", value: "1" },
          { text: "B", value: "2" },
        ],
      }),
    ).toHaveLength(2);
    expect(readMenu("garbage")).toBeNull();
  });

  it("model names: the VIN's name plus EPA's variant words", () => {
    expect(epaModelMatches("Camry Hybrid LE", "Camry", "TOYOTA")).toBe(true);
    expect(epaModelMatches("Camry", "Camry", "TOYOTA")).toBe(true);
    expect(epaModelMatches("Corolla", "Camry", "TOYOTA")).toBe(false);
    expect(epaDrive("4-Wheel or All-Wheel Drive")).toBe("AWD");
  });
});

describe("matching a VIN to EPA variants", () => {
  it("a 2.5 L four-cylinder without electrification: the Camry, not the Camry Hybrid or the V6", () => {
    const vin = traits({ cylinders: 4, displacementLiters: 2.5, fuel: "gasoline", electrified: "none" });
    const { marked, selection } = markFits([camry, camryV6, hybrid], (r) => epaDifferences(r, vin));
    expect(selection).toBe("one");
    expect(marked[0]).toMatchObject({ fit: "match", variant: { id: 1 } });
    expect(marked.find((m) => m.variant.id === 3)!.differences).toEqual([
      "powertrain: EPA Hybrid, the VIN not electrified",
    ]);
    expect(marked.find((m) => m.variant.id === 2)!.differences[0]).toMatch(/^cylinders/);
  });

  it("a hybrid VIN matches the hybrid only", () => {
    const vin = traits({ cylinders: 4, displacementLiters: 2.5, electrified: "Hybrid" });
    const { marked, selection } = markFits([camry, hybrid], (r) => epaDifferences(r, vin));
    expect(selection).toBe("one");
    expect(marked[0].variant.id).toBe(3);
  });

  it("when the decode does not say, several fit and all are candidates", () => {
    const vin = traits({ cylinders: 4 });
    const { marked, selection } = markFits([camry, camryV6, hybrid], (r) => epaDifferences(r, vin));
    expect(selection).toBe("several");
    expect(marked.filter((m) => m.fit === "candidate").map((m) => m.variant.id)).toEqual([1, 3]);
  });

  it("transmission and drive exclude", () => {
    const manual = row({ id: "5", model: "Camry", trany: "Manual 5-spd", cylinders: "4", displ: "2.5" });
    expect(epaDifferences(manual, traits({ transmission: "automatic" }))[0]).toMatch(/^transmission/);
    const awd = row({
      id: "6",
      model: "Camry",
      drive: "All-Wheel Drive",
      trany: "Automatic (S8)",
      cylinders: "4",
      displ: "2.5",
    });
    expect(epaDifferences(awd, traits({ drive: "FWD" }))[0]).toMatch(/^drive/);
    expect(epaDifferences(awd, traits({ drive: "4WD" }))).toEqual([]);
  });
});
