/**
 * One generation of an insight: facts → the model (anthropic-writer.ts) → validation (validate-insight.ts),
 * one retry with the reason → else the factual fallback (fallback.ts). Also the stored row it becomes and
 * the not-stored fallback for a caller that cannot wait.
 */
import type { Db } from "../db";
import { log } from "../log";
import { displayMake } from "../vehicle";
import { sourceDid } from "../sources";
import type { InsightWriter, Usage } from "./anthropic-writer";
import { factSources, type FactsInput, type VehicleFacts } from "./facts";
import { composeFallback, FALLBACK_WRITER } from "./fallback";
import type { StoredInsight } from "./insight-store";
import { factLines, firstRequest, retryRequest, SYSTEM_PROMPT } from "./prompt";
import { validateInsight } from "./validate-insight";
import type { VpicVariants } from "./vpic-variants";

const HOUR = 60 * 60_000;
export const INSIGHT_TTL_MS = 30 * 24 * HOUR;
export const FALLBACK_TTL_MS = HOUR;

export interface Generated {
  text: string;
  writer: string;
  ai: boolean;
  usage: Usage;
  reason?: string;
}

/** What generating a key needs: a foreground fill (insight-service.ts) and a background refresh (insight-refresh.ts) alike. */
export interface GenerationDeps {
  db: () => Db;
  /** The model client, or null without an API key. Read per generation, so config changes apply. */
  writer: () => InsightWriter | null;
  now: () => Date;
  /** vPIC's canonical make/model names, or null when vPIC does not know them. */
  namesOf: (make: string, model: string) => { make: string; model: string } | null;
  variantsOf: (year: number, make: string, model: string) => VpicVariants | null;
  factsOf: (input: FactsInput) => Promise<VehicleFacts>;
  /** How long one generation may hold a key (facts + two model calls + writes). */
  leaseMs: number;
}

export type GeneratedRow = StoredInsight & { inputTokens: number | null; outputTokens: number | null };

/** The model, checked, retried once with the reason; the factual fallback when that does not succeed. */
export async function generateInsight(
  key: string,
  facts: VehicleFacts,
  writer: InsightWriter | null,
): Promise<Generated> {
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  const fallback = (reason: string): Generated => ({
    text: composeFallback(facts),
    writer: FALLBACK_WRITER,
    ai: false,
    usage,
    reason,
  });
  if (!writer) return fallback("no ANTHROPIC_API_KEY is configured");

  const factText = factLines(facts).join("\n");
  let turns = firstRequest(facts);
  for (let attempt = 1; attempt <= 2; attempt++) {
    const started = performance.now();
    const result = await writer.write(SYSTEM_PROMPT, turns);
    const ms = Math.round(performance.now() - started);
    if (result.usage) {
      usage.inputTokens += result.usage.inputTokens;
      usage.outputTokens += result.usage.outputTokens;
    }
    if (!result.ok) {
      log().warn(
        {
          insightKey: key,
          model: writer.model,
          attempt,
          ms,
          reason: result.reason,
          status: result.status,
          detail: result.detail,
        },
        "insight model call failed",
      );
      // In the presenter's words (the code is in the log above): "the AI model could not be reached".
      return fallback(sourceDid("the AI model", result.reason));
    }
    const verdict = validateInsight(result.text, factText);
    log().info(
      {
        insightKey: key,
        model: result.model,
        attempt,
        ms,
        inputTokens: result.usage.inputTokens,
        outputTokens: result.usage.outputTokens,
        accepted: verdict.ok,
      },
      "insight model call",
    );
    if (verdict.ok) return { text: verdict.text, writer: result.model, ai: true, usage };
    log().warn({ insightKey: key, attempt, problem: verdict.problem }, "insight answer rejected");
    turns = retryRequest(facts, result.text, verdict.problem);
  }
  return fallback("the AI answers did not pass validation");
}

/** The row a generation is stored as: 30 days for an AI insight, an hour for the fallback. */
export function generatedRow(
  key: string,
  year: number,
  facts: VehicleFacts,
  generated: Generated,
  at: Date,
): GeneratedRow {
  return {
    key,
    year,
    make: facts.make,
    model: facts.model,
    text: generated.text,
    writer: generated.writer,
    source: sourceText(generated, facts),
    generatedAt: at,
    expiresAt: new Date(at.getTime() + (generated.ai ? INSIGHT_TTL_MS : FALLBACK_TTL_MS)),
    inputTokens: generated.usage.inputTokens || null,
    outputTokens: generated.usage.outputTokens || null,
  };
}

/** A fallback from the vPIC facts alone, not stored: for a caller that cannot wait for the generation. */
export function transientFallback(key: string, input: FactsInput, reason: string, at: Date): StoredInsight {
  const facts: VehicleFacts = {
    year: input.year,
    make: displayMake(input.make),
    model: input.model,
    variants: input.variants,
    pricing: null,
    recalls: null,
  };
  return {
    key,
    year: input.year,
    make: facts.make,
    model: facts.model,
    text: composeFallback(facts),
    writer: FALLBACK_WRITER,
    source: sourceText(
      { text: "", writer: FALLBACK_WRITER, ai: false, usage: { inputTokens: 0, outputTokens: 0 }, reason },
      facts,
    ),
    generatedAt: at,
    expiresAt: at,
  };
}

function sourceText(generated: Generated, facts: VehicleFacts): string {
  const data = factSources(facts).join(", ");
  if (generated.ai)
    return `AI-generated by ${generated.writer} from data vinscope holds (${data}); checked against those facts`;
  return `Composed by vinscope from its data (${data}) without an AI model: ${generated.reason ?? "no model answer"}`;
}
