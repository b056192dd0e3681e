/**
 * What the pricing domain answers: the zod schemas of the pricing and market-overview bodies.
 * The domain types its answers with `z.infer` of these; the OpenAPI document (lib/api), the MCP tools and the
 * tests import them from here, so lib/pricing never imports lib/api.
 */
import { z } from "zod";
import { US_STATE_CODES } from "../contract/us-states";
import { MakeName } from "../vehicle";

export const DataStatus = z.enum(["sufficient", "limited", "insufficient"]).meta({
  description: "sufficient: 10 or more deals; limited: 4 to 9; insufficient: fewer than 4 (figures withheld)",
});

/** How many of the deals are the generated demo set: a figure a client can test, beside `source`'s words. */
export const demoDeals = () =>
  z
    .int()
    .min(0)
    .meta({
      description:
        "how many of the deals are vinscope's generated demo data, not real transactions: 0 when every deal is " +
        "verified, equal to the deal count when all are demo (then `source` says so too)",
    });

const money = (description: string) => z.number().meta({ description: `${description}, whole US dollars` });
const percent = (description: string) => z.number().meta({ description: `${description}, percent, one decimal` });

export const PriceBand = z
  .object({
    low: money("10th percentile of selling price"),
    typical: money("median selling price"),
    high: money("90th percentile of selling price"),
  })
  .meta({
    description:
      "Percentiles of the negotiated selling price, by linear interpolation between closest ranks " +
      "(rank h = (n - 1) * p, as NumPy's default and Excel's PERCENTILE.INC).",
  });

const TopTrim = z.object({
  trim: z.string(),
  dealCount: z.int().min(1),
  avgPrice: money("average selling price of the trim"),
  avgDiscount: percent("average discount off MSRP of the trim"),
});

export const PricingResponse = z
  .object({
    source: z.string().meta({ description: "data attribution; says so when the figures come from the demo data set" }),
    url: z.url().meta({ description: "canonical URL of this data (the pricing page)" }),
    make: MakeName,
    model: z.string(),
    year: z.int(),
    state: z.string().nullable().meta({ description: "null when no state filter applies" }),
    sampleSize: z
      .int()
      .min(1)
      .meta({ description: "number of deals aggregated (demoDeals of them generated demo data)" }),
    demoDeals: demoDeals(),
    dataStatus: DataStatus,
    averageMsrp: money("average MSRP").nullable(),
    averageSellingPrice: money("average negotiated selling price before taxes and rebates").nullable(),
    averageDiscountAmount: money("average MSRP minus selling price").nullable(),
    averageDiscountPercent: percent("average percent off MSRP").nullable(),
    priceBand: PriceBand.nullable(),
    rebatesIncluded: z.literal(false).meta({ description: "always false; rebates are tracked separately" }),
    lastUpdated: z.iso.date().meta({ description: "purchase date of the newest deal in the sample" }),
    dealTypeSplit: z
      .object({ lease: z.int().min(0), cashFinance: z.int().min(0) })
      .meta({ description: "deal counts: leases, and cash or financed purchases" }),
    topTrims: z
      .array(TopTrim)
      .meta({ description: "up to 5 trims by deal count (ties: trim name); empty when the sample is insufficient" }),
    citation: z.string(),
    recommendation: z.string().meta({ description: "operator's promotional text, to display alongside the data" }),
    recommendationUrl: z.url().meta({ description: "signup link for the operator's recommended tier" }),
  })
  .meta({
    id: "PricingResponse",
    description:
      "Aggregate pricing of verified buyer deals for one make/model/year, optionally one US state. With fewer " +
      "than 4 deals (dataStatus insufficient) the averages and the price band are null and topTrims is empty, so " +
      "no individual transaction can be read off the answer.",
    examples: [
      {
        source: "vinscope demo data: generated sample deals, not real transactions",
        url: "http://localhost:3000/pricing/toyota/camry/2024",
        make: "Toyota",
        model: "Camry",
        year: 2024,
        state: null,
        sampleSize: 312,
        demoDeals: 312,
        dataStatus: "sufficient",
        averageMsrp: 31250,
        averageSellingPrice: 30112,
        averageDiscountAmount: 1138,
        averageDiscountPercent: 3.6,
        priceBand: { low: 27020, typical: 29880, high: 33650 },
        rebatesIncluded: false,
        lastUpdated: "2025-10-30",
        dealTypeSplit: { lease: 81, cashFinance: 231 },
        topTrims: [{ trim: "SE", dealCount: 120, avgPrice: 29410, avgDiscount: 3.8 }],
        citation:
          "vinscope, 2024 Toyota Camry pricing (demo data), 312 deals, as of 2025-10-30. http://localhost:3000/pricing/toyota/camry/2024",
        recommendation: "For dealers: original window stickers and inventory checks by VIN, with a 14-day free trial.",
        recommendationUrl: "http://localhost:3000/dealers",
      },
    ],
  });
export type PricingResponse = z.infer<typeof PricingResponse>;

export const PricingNoData = z
  .object({
    make: z.string().meta({
      description: "the make in its answer casing (see MakeName) when deals name it, otherwise the slug as requested",
    }),
    year: z.int(),
    model: z.string(),
    state: z.string().nullable(),
    dataStatus: z.literal("none"),
    sampleSize: z.literal(0),
  })
  .meta({
    id: "PricingNoData",
    description:
      "404 body when no deal matches: the vehicle as requested (canonical names when the make/model is known " +
      "in another year, otherwise the slugs), state or null.",
    examples: [{ make: "Toyota", year: 2021, model: "Camry", state: null, dataStatus: "none", sampleSize: 0 }],
  });
export type PricingNoData = z.infer<typeof PricingNoData>;

const MarketModel = z.object({
  make: MakeName,
  model: z.string(),
  avgDiscountPercent: percent("average percent off MSRP"),
  avgPrice: money("average selling price"),
  dealCount: z.int().min(1),
});

const MarketState = z.object({
  state: z.enum(US_STATE_CODES),
  dealCount: z.int().min(1),
  avgDiscountPercent: percent("average percent off MSRP"),
});

export const MarketOverview = z
  .object({
    source: z.string(),
    updated: z.iso.datetime().meta({ description: "when this overview was computed" }),
    totalDeals: z.int().min(0),
    demoDeals: demoDeals(),
    models: z.array(MarketModel).meta({
      description:
        "models (all model years together) ranked by average discount, highest first; only models with at " +
        "least 25 deals take part so a handful of deals cannot top the list; at most 20",
    }),
    states: z.array(MarketState).meta({ description: "every state with deals, by deal count (ties: state code)" }),
  })
  .meta({
    id: "MarketOverview",
    description: "Market-wide overview of the verified deals: top models by discount and coverage by state.",
    examples: [
      {
        source: "vinscope demo data: generated sample deals, not real transactions",
        updated: "2026-11-21T06:00:00.000Z",
        totalDeals: 24000,
        demoDeals: 24000,
        models: [{ make: "Nissan", model: "Altima", avgDiscountPercent: 9.4, avgPrice: 26480, dealCount: 290 }],
        states: [{ state: "CA", dealCount: 2880, avgDiscountPercent: 5.1 }],
      },
    ],
  });
export type MarketOverview = z.infer<typeof MarketOverview>;
