import type { VehicleFacts } from "./facts";
import { composeFallback } from "./fallback";
import { factLines, firstRequest, SYSTEM_PROMPT } from "./prompt";
import { countSentences, countWords, figuresIn, validateInsight } from "./validate-insight";

const base: VehicleFacts = {
  year: 2022,
  make: "Ford",
  model: "F-150",
  variants: {
    bodyStyles: ["Pickup"],
    fuelTypes: ["Electric", "Gasoline"],
    engines: ["2.7 L, 6 cylinders", "3.5 L, 6 cylinders", "5.0 L, 8 cylinders"],
    electrification: [],
  },
  pricing: {
    sampleSize: 37,
    dataStatus: "sufficient",
    averageMsrp: 58210.4,
    averageSellingPrice: 54990,
    averageDiscountPercent: 5.53,
    priceBand: { low: 47100, typical: 55000, high: 63980 },
  },
  recalls: {
    count: 4,
    parkIt: 1,
    parkOutside: 0,
    overTheAirUpdate: 2,
    components: ["electrical system", "steering", "seat belts"],
  },
};
const facts = factLines(base).join("\n");
const ok = (text: string) => validateInsight(text, facts);

describe("validateInsight", () => {
  const good =
    "NHTSA's vPIC data lists the 2022 Ford F-150 as a pickup with 2.7 L, 3.5 L and 5.0 L engines on gasoline or electric power. " +
    "Across 37 verified buyer deals the average selling price was $54,990, 5.5% below the average MSRP of $58,210. " +
    "NHTSA lists 4 recall campaigns for this model year.";

  test("accepts a factual 3-sentence paragraph quoting the facts", () => {
    expect(ok(good)).toEqual({ ok: true, text: good });
    expect(ok(`  ${good}\t`)).toEqual({ ok: true, text: good });
  });

  test("counts decimals, U.S. and e.g. as no sentence ends", () => {
    expect(countSentences("The U.S. market has a 2.5 L engine, e.g. in base trims. It is a sedan.")).toBe(2);
    expect(countWords("a  b\tc")).toBe(3);
    expect(figuresIn("$54,990 and 5.50% and 2022")).toEqual(["54990", "5.5", "2022"]);
    // A name the facts spell with a period ("Long Conv.") does not end a sentence inside one.
    const facts = "Model year: 2000\nMake: Freightliner\nModel: Long Conv.";
    expect(countSentences("The 2000 Freightliner Long Conv. is listed in vPIC. It is a truck.", facts)).toBe(2);
    expect(countSentences("It is a truck. This is the 2000 Freightliner Long Conv.", facts)).toBe(2);
  });

  test("rejects more than 60 words, one sentence or four sentences", () => {
    const long = `${good} ${"Its listed variants cover the pickup body and the engines named above in detail".repeat(2)}.`;
    expect(ok(long)).toMatchObject({ ok: false, problem: expect.stringMatching(/words; the limit is 60/) });
    expect(ok("The 2022 Ford F-150 is a pickup.")).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/1 sentences/),
    });
    expect(
      ok("The 2022 Ford F-150 is a pickup. It runs on gasoline. It can be electric. NHTSA lists 4 recall campaigns."),
    ).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/4 sentences/),
    });
  });

  test("rejects figures that are not among the facts, spelled out or computed", () => {
    expect(ok("The 2022 Ford F-150 is a pickup. Its average selling price was $55,990.")).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/not in the facts: 55990/),
    });
    expect(ok("The 2022 Ford F-150 is a pickup. Seven recall campaigns are listed.")).toMatchObject({ ok: false });
    expect(ok("The 2022 Ford F-150 is a pickup. Deals ran several thousand dollars below MSRP.")).toMatchObject({
      ok: false,
    });
    // "four" is a figure of the facts (4 recall campaigns), so it may be spelled out.
    expect(ok("The 2022 Ford F-150 is a pickup. NHTSA lists four recall campaigns for it.")).toMatchObject({
      ok: true,
    });
  });

  test("rejects promotion, buying advice, talk about the request, and formatting", () => {
    const cases: [string, RegExp][] = [
      ["The 2022 Ford F-150 is an excellent pickup. NHTSA lists 4 recall campaigns.", /promotional/],
      ["The 2022 Ford F-150 is a pickup. Buyers should wait for the recall fixes.", /advice/],
      ["The 2022 Ford F-150 is a pickup. You can find 37 deals.", /advice/],
      ["Here is the paragraph. The 2022 Ford F-150 is a pickup.", /request/],
      ["**The 2022 Ford F-150** is a pickup. NHTSA lists 4 recall campaigns.", /plain text/],
      ["The 2022 Ford F-150 is a pickup.\nNHTSA lists 4 recall campaigns.", /line breaks/],
      ["The 2022 Ford F-150 is a pickup. See https://example.com for more.", /plain text/],
      ["The 2022 Ford F-150 is a pickup! NHTSA lists 4 recall campaigns.", /exclamation/],
      ["The 2022 Ford F-150 is a pickup. NHTSA lists 4 recall campaigns", /full stop/],
      ["", /empty/],
    ];
    for (const [text, problem] of cases)
      expect(ok(text)).toMatchObject({ ok: false, problem: expect.stringMatching(problem) });
  });
});

describe("prompt", () => {
  test("gives every fact as data, with figures in the one form the answer may quote", () => {
    const [turn] = firstRequest(base);
    expect(turn.role).toBe("user");
    expect(turn.content).toMatch(/^<facts>\n[\s\S]*\n<\/facts>$/);
    expect(turn.content).toContain("Average selling price in those deals: $54,990");
    expect(turn.content).toContain("Average MSRP in those deals: $58,210");
    expect(turn.content).toContain("Average discount off MSRP: 5.5%");
    expect(turn.content).toContain("Of those, with a park-it warning: 1");
    expect(SYSTEM_PROMPT).toMatch(/2|two or three sentences/);
  });

  test("leaves out what is missing", () => {
    const lines = factLines({
      ...base,
      pricing: null,
      recalls: null,
      variants: { bodyStyles: [], fuelTypes: [], engines: [], electrification: [] },
    });
    expect(lines).toEqual(["Model year: 2022", "Make: Ford", "Model: F-150"]);
  });
});

describe("composeFallback", () => {
  const none = { bodyStyles: [], fuelTypes: [], engines: [], electrification: [] };
  const variants: VehicleFacts[] = [
    base,
    { ...base, pricing: null, recalls: null },
    { ...base, variants: none, pricing: null, recalls: null },
    {
      ...base,
      pricing: {
        ...base.pricing!,
        sampleSize: 0,
        dataStatus: "none",
        averageMsrp: null,
        averageSellingPrice: null,
        averageDiscountPercent: null,
        priceBand: null,
      },
    },
    {
      ...base,
      pricing: {
        ...base.pricing!,
        sampleSize: 2,
        dataStatus: "insufficient",
        averageMsrp: null,
        averageSellingPrice: null,
        averageDiscountPercent: null,
        priceBand: null,
      },
    },
    { ...base, recalls: { count: 0, parkIt: 0, parkOutside: 0, overTheAirUpdate: 0, components: [] } },
    {
      ...base,
      make: "Mercedes-Benz",
      model: "Sprinter Crew Van 2500 High Roof Extended",
      variants: {
        bodyStyles: [
          "Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)",
          "Van",
          "Cargo Van",
          "Crossover Utility Vehicle (CUV)",
        ],
        fuelTypes: ["Flexible Fuel Vehicle (FFV)", "Compressed Natural Gas (CNG)", "Diesel", "Gasoline"],
        engines: ["2.0 L, 4 cylinders", "3.0 L, 6 cylinders", "2.1 L, 4 cylinders", "6.2 L, 8 cylinders"],
        electrification: [],
      },
      recalls: {
        count: 12,
        parkIt: 2,
        parkOutside: 3,
        overTheAirUpdate: 0,
        components: ["fuel system gasoline", "electrical system", "air bags"],
      },
    },
  ];

  test.each(variants.map((f, i) => [i, f] as const))("case %i passes the same validation as AI text", (_, f) => {
    const text = composeFallback(f);
    expect(validateInsight(text, factLines(f).join("\n"))).toEqual({ ok: true, text });
  });

  test("reads as a factual summary of the facts", () => {
    expect(composeFallback(base)).toBe(
      "NHTSA's vPIC data lists the 2022 Ford F-150 with variants including a pickup body; 2.7 L, 3.5 L and 5.0 L engines; and electric and gasoline fuel. " +
        "Across 37 verified buyer deals, the average selling price was $54,990. " +
        "NHTSA lists 4 recall campaigns for this model year, 1 with a park-it warning.",
    );
    expect(composeFallback({ ...base, variants: { ...base.variants, engines: [], fuelTypes: [] } })).toBe(
      "NHTSA's vPIC data lists the 2022 Ford F-150 with variants including a pickup body. " +
        "Across 37 verified buyer deals, the average selling price was $54,990 against an average MSRP of $58,210, an average discount of 5.5%. " +
        "NHTSA lists 4 recall campaigns for this model year, 1 with a park-it warning, involving components such as electrical system and steering.",
    );
  });
});
