/**
 * The Anthropic Messages API behind one small client: key, base URL, model and timeout from config, no SDK
 * retries (the insight flow decides about retrying), a deadline on every call, typed results instead of
 * thrown errors, token usage returned for the log.
 */
import Anthropic from "@anthropic-ai/sdk";
import { config } from "../config";
import { breakerFor } from "../outside";
import type { PromptTurn } from "./prompt";

export interface WriterSettings {
  apiKey: string;
  baseUrl: string | null;
  model: string;
  timeoutMs: number;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export type WriteResult =
  | { ok: true; text: string; model: string; usage: Usage }
  | {
      ok: false;
      reason: "timeout" | "http_error" | "network" | "no_text" | "unavailable";
      status?: number;
      detail: string;
      usage?: Usage;
    };

export interface InsightWriter {
  /** The configured model id (what a stored insight names when the API does not say). */
  readonly model: string;
  write(system: string, turns: PromptTurn[], opts?: { signal?: AbortSignal }): Promise<WriteResult>;
}

/** Enough room for 60 words; a longer answer is cut off and then rejected by validation anyway. */
const MAX_TOKENS = 200;

export function createAnthropicWriter(settings: WriterSettings): InsightWriter {
  const client = new Anthropic({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl ?? undefined,
    maxRetries: 0,
    timeout: settings.timeoutMs,
  });
  return {
    model: settings.model,
    async write(system, turns, opts = {}) {
      try {
        const message = await client.messages.create(
          { model: settings.model, max_tokens: MAX_TOKENS, system, messages: turns },
          { signal: opts.signal, timeout: settings.timeoutMs },
        );
        const usage = {
          inputTokens: message.usage?.input_tokens ?? 0,
          outputTokens: message.usage?.output_tokens ?? 0,
        };
        const text = (message.content ?? [])
          .filter((block): block is Anthropic.TextBlock => block.type === "text")
          .map((block) => block.text)
          .join("")
          .trim();
        if (!text)
          return { ok: false, reason: "no_text", detail: `stop_reason ${message.stop_reason ?? "unknown"}`, usage };
        return { ok: true, text, model: message.model || settings.model, usage };
      } catch (error) {
        return failure(error);
      }
    },
  };
}

function failure(error: unknown): WriteResult {
  if (error instanceof Anthropic.APIConnectionTimeoutError)
    return { ok: false, reason: "timeout", detail: "the API did not answer in time" };
  if (error instanceof Anthropic.APIUserAbortError)
    return { ok: false, reason: "timeout", detail: "the caller's deadline passed" };
  if (error instanceof Anthropic.APIError && typeof error.status === "number") {
    return { ok: false, reason: "http_error", status: error.status, detail: `HTTP ${error.status}` };
  }
  const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return { ok: false, reason: "network", detail };
}

/** The writer from config().insights, or null when no API key is set (insights then use the fallback). */
export function writerFromConfig(): InsightWriter | null {
  const { apiKey, baseUrl, model, timeoutMs } = config().insights;
  if (!apiKey) return null;
  return behindBreaker(createAnthropicWriter({ apiKey, baseUrl, model, timeoutMs }));
}

/**
 * The API behind its breaker (lib/outside): after repeated timeouts, 5xx or connection failures, calls answer
 * at once with a failure (the insight flow then writes the factual fallback) until a probe succeeds.
 */
export function behindBreaker(writer: InsightWriter, name = "anthropic"): InsightWriter {
  return {
    model: writer.model,
    write(system, turns, opts) {
      return breakerFor(name).run(() => writer.write(system, turns, opts), {
        failed: apiDown,
        open: () => ({
          ok: false,
          reason: "unavailable",
          detail: "the AI model failed repeatedly; not asked until the cool-down ends",
        }),
      });
    },
  };
}

/** A failure of the API itself, not of one answer (no text) or one request (4xx). */
function apiDown(result: WriteResult): boolean {
  if (result.ok) return false;
  if (result.reason === "http_error")
    return result.status === undefined || result.status >= 500 || result.status === 429;
  return result.reason === "timeout" || result.reason === "network";
}
