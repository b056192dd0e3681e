/**
 * OpenTelemetry tracing, set up once per process by instrumentation.ts (server processes) and only when
 * OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set: this module is imported only then,
 * so without them none of the SDK is loaded.
 *
 * - Node's tracer provider, registered globally (with the AsyncLocalStorage context manager and W3C trace-context
 *   propagation), so Next.js's own spans (the incoming request, named by its route) are recorded too and ours nest
 *   under them;
 * - spans exported in batches by OTLP over HTTP; the exporter reads the OTEL_EXPORTER_OTLP_* variables itself
 *   (endpoint, headers, timeout, compression), as every OpenTelemetry SDK does;
 * - Prisma's own instrumentation (@prisma/instrumentation): a span per query, with the SQL's operation;
 * - the span runner lib/metrics/tracing.ts uses for the route, the report's sections, outside calls and MCP tools.
 */
import { SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import { PrismaInstrumentation, registerInstrumentations } from "@prisma/instrumentation";
import { config } from "../config";
import { log } from "../log";
import { SERVICE_VERSION } from "../version";
import { installSpanRunner, tracingOn } from "./tracing";

/** Whether this process should trace: an OTLP endpoint for traces is configured. */
function tracingConfigured(): boolean {
  const o = config().observability;
  return Boolean(o.otlpEndpoint || o.otlpTracesEndpoint);
}

/** Sets up tracing for this process (once); returns whether it is on. */
export function startTracing(): boolean {
  if (tracingOn()) return true;
  if (!tracingConfigured()) return false;
  const { serviceName } = config().observability;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: serviceName,
      [ATTR_SERVICE_VERSION]: SERVICE_VERSION,
      "process.pid": process.pid,
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(), { scheduledDelayMillis: 1000 })],
  });
  provider.register();
  registerInstrumentations({ tracerProvider: provider, instrumentations: [new PrismaInstrumentation()] });
  const tracer = trace.getTracer("vinscope", SERVICE_VERSION);
  installSpanRunner({
    run: (name, attributes, work, internal = true) =>
      tracer.startActiveSpan(
        name,
        { attributes, kind: internal ? SpanKind.INTERNAL : SpanKind.CLIENT },
        async (span: Span) => {
          try {
            return await work(span);
          } catch (error) {
            span.recordException(error instanceof Error ? error : String(error));
            span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
            throw error;
          } finally {
            span.end();
          }
        },
      ),
  });
  log().info({ service: serviceName }, "OpenTelemetry tracing on: spans are exported by OTLP over HTTP");
  return true;
}
