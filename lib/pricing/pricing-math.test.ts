import {
  dataStatusFor,
  discountPercent,
  figuresShown,
  interpolate,
  percentileOfSorted,
  percentileRank,
  roundMoney,
  roundPercent,
} from "./pricing-math";

describe("percentiles (linear interpolation between closest ranks, NumPy's default)", () => {
  // Reference values computed with numpy.percentile(x, [10, 50, 90]) (method="linear").
  it.each([
    [[10], [10, 10, 10]],
    [
      [10, 20],
      [11, 15, 19],
    ],
    [
      [1, 2, 3, 4],
      [1.3, 2.5, 3.7],
    ],
    [
      [15, 20, 35, 40, 50],
      [17, 35, 46],
    ],
    [
      [3, 6, 7, 8, 8, 10, 13, 15, 16, 20],
      [5.7, 9, 16.4],
    ],
  ])("%j → p10/p50/p90 %j", (values, expected) => {
    const got = [0.1, 0.5, 0.9].map((p) => percentileOfSorted(values, p));
    got.forEach((g, i) => expect(g).toBeCloseTo(expected[i], 10));
  });

  it("locates the two neighbours around rank (n - 1) * p", () => {
    expect(percentileRank(10, 0.1)).toEqual({ lower: 0, fraction: expect.closeTo(0.9, 10) });
    expect(percentileRank(10, 0.5)).toEqual({ lower: 4, fraction: expect.closeTo(0.5, 10) });
    expect(percentileRank(11, 0.5)).toEqual({ lower: 5, fraction: 0 });
    expect(percentileRank(1, 0.9)).toEqual({ lower: 0, fraction: 0 });
    expect(() => percentileRank(0, 0.5)).toThrow(RangeError);
  });

  it("interpolates, and takes the lower value when there is no upper neighbour", () => {
    expect(interpolate(100, 200, 0.25)).toBe(125);
    expect(interpolate(100, undefined, 0.5)).toBe(100);
    expect(interpolate(100, 200, 0)).toBe(100);
  });
});

describe("data status thresholds", () => {
  it.each([
    [1, "insufficient"],
    [3, "insufficient"],
    [4, "limited"],
    [9, "limited"],
    [10, "sufficient"],
    [5000, "sufficient"],
  ])("%d deals → %s", (n, status) => {
    expect(dataStatusFor(n)).toBe(status);
  });

  it("withholds figures only for insufficient samples", () => {
    expect(figuresShown("insufficient")).toBe(false);
    expect(figuresShown("limited")).toBe(true);
    expect(figuresShown("sufficient")).toBe(true);
  });
});

describe("rounding", () => {
  it("rounds money to whole dollars, half away from zero", () => {
    expect(roundMoney(29999.5)).toBe(30000);
    expect(roundMoney(29999.49)).toBe(29999);
    expect(roundMoney(-10.5)).toBe(-11);
    expect(roundMoney(-0.4)).toBe(0);
    expect(Object.is(roundMoney(-0.4), -0)).toBe(false);
  });

  it("rounds percents to one decimal, half away from zero, despite binary floating point", () => {
    expect(roundPercent(4.25)).toBe(4.3);
    expect(roundPercent(1.005 * 10)).toBe(10.1);
    expect(roundPercent(4.24999)).toBe(4.2);
    expect(roundPercent(-1.25)).toBe(-1.3);
    expect(roundPercent(0.04)).toBe(0);
  });

  it("computes percent off MSRP, negative above sticker", () => {
    expect(discountPercent(40000, 38000)).toBe(5);
    expect(discountPercent(40000, 41000)).toBe(-2.5);
  });
});
