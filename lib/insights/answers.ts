/**
 * GET /api/vin-insights/{year}/{make}/{model}: request and response schemas. The route parses
 * its path with these, lib/insights types its answers with them, and the OpenAPI document is built from them.
 */
import { z } from "zod";
import { MakeSlug, ModelSlug, modelYearParam } from "../contract/params";
import { MakeName, newestModelYear } from "../vehicle";

/** 1981: the first model year of the 17-character VIN that vPIC decodes. */
const INSIGHT_YEAR_MIN = 1981;
const insightYearMax = newestModelYear;

const yearText = modelYearParam({
  min: INSIGHT_YEAR_MIN,
  max: insightYearMax,
  malformed: `must be a 4-digit model year from ${INSIGHT_YEAR_MIN} to two years after the current year`,
  outOfRange: `must be a model year from ${INSIGHT_YEAR_MIN} to two years after the current year`,
  description: `model year, ${INSIGHT_YEAR_MIN} to the current year + 2`,
  example: 2024,
});

export const InsightPathParams = z.object({ year: yearText, make: MakeSlug, model: ModelSlug });

const InsightWriterModel = z.string().meta({
  description:
    "Identifier of the writer: the AI model that wrote the text, or vinscope-facts-v1 when vinscope composed it " +
    "from its facts without a model (no API key, API error or deadline; replaced by an AI insight within the hour)",
  examples: ["claude-haiku-4-5", "vinscope-facts-v1"],
});

const Insight = z
  .object({
    text: z
      .string()
      .meta({ description: "a 2-3 sentence factual paragraph, at most 60 words, using only vinscope's data" }),
    model: InsightWriterModel,
    generatedAt: z.iso.datetime().meta({ description: "when the text was written" }),
    expiresAt: z.iso
      .datetime()
      .meta({ description: "when the cached text is replaced (30 days for AI text, 1 hour for the fallback)" }),
  })
  .meta({
    id: "Insight",
    description:
      "Short factual insight: written by an AI model from vinscope's data, or composed by fixed rules (`model` = `vinscope-facts-v1`) when no model answers; cached 30 days per year/make/model (the rule-based text 1 hour)",
  });

export const InsightResponse = z
  .object({
    year: z.int().meta({ description: "model year" }),
    make: MakeName,
    model: z.string().meta({ description: "model, as NHTSA vPIC names it" }),
    insight: Insight,
    source: z.string().meta({ description: "attribution: who wrote the text and from which data" }),
  })
  .meta({
    id: "InsightResponse",
    description: "The insight of one year/make/model",
    examples: [
      {
        year: 2024,
        make: "Toyota",
        model: "Camry",
        insight: {
          text:
            "NHTSA's vPIC data lists the 2024 Toyota Camry with variants including sedan body styles, 2.5 L engines and gasoline fuel. " +
            "NHTSA lists no recall campaigns for it.",
          model: "vinscope-facts-v1",
          generatedAt: "2026-11-21T06:00:00.000Z",
          expiresAt: "2026-11-21T07:00:00.000Z",
        },
        source:
          "Composed by vinscope from its data (NHTSA vPIC, NHTSA recalls) without an AI model: no ANTHROPIC_API_KEY is configured",
      },
    ],
  });

export type InsightResponse = z.infer<typeof InsightResponse>;
