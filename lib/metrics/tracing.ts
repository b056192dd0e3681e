/**
 * Spans for the code's own steps (a route, a report section, an outside call, an MCP tool call), at no cost when
 * tracing is off: `inSpan` then just runs the work. Tracing is on only when lib/metrics/otel.ts has set up
 * OpenTelemetry's SDK (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT set; instrumentation.ts),
 * which installs the tracer here. Nothing here imports OpenTelemetry at run time: without the variables, not one
 * of its modules is loaded.
 */
import type { Attributes, Span } from "@opentelemetry/api";

/** What lib/metrics/otel.ts installs: a span around `work`, ended (with its error status) when it settles. */
export interface SpanRunner {
  run<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>, internal?: boolean): Promise<T>;
}

const holder = globalThis as unknown as { __vinscopeSpans?: SpanRunner };

export function installSpanRunner(runner: SpanRunner): void {
  holder.__vinscopeSpans = runner;
}

export function tracingOn(): boolean {
  return holder.__vinscopeSpans !== undefined;
}

/**
 * `work` inside a span named `name` when tracing is on (the current span its parent); `describe` adds
 * attributes from the result (a section's status, a call's outcome) before the span ends.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
  describe?: (result: T) => Attributes,
): Promise<T> {
  const runner = holder.__vinscopeSpans;
  if (!runner) return work();
  return runner.run(name, attributes, async (span) => {
    const result = await work();
    if (describe) span.setAttributes(describe(result));
    return result;
  });
}
