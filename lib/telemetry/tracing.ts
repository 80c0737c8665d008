import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';

/**
 * OpenTelemetry traces, shared by the portal and the services (docs/operations.md, "Traces"): on
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test gives an exporter), off otherwise, and then
 * `inSpan` only calls its work, so tracing costs nothing unless turned on. One trace crosses from
 * the portal to the services in the W3C `traceparent` header.
 */
const STARTED = Symbol.for('portal.tracing');

interface Tracing {
  provider: TracerProvider;
}

const tracing = () => (globalThis as { [STARTED]?: Tracing })[STARTED];

/** Starts tracing for this process, once; null when it stays off. */
export function startTracing(serviceName: string, exporter?: SpanExporter, env: NodeJS.ProcessEnv = process.env): TracerProvider | null {
  const running = tracing();
  if (running) return running.provider;
  if (!exporter && !env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  // The OTLP exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and its headers) itself.
  const processor = exporter ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter: new OTLPTraceExporter() });
  const provider = new TracerProvider({ resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || serviceName }), spanProcessors: [processor] });
  trace.setGlobalTracerProvider(provider);
  (globalThis as { [STARTED]?: Tracing })[STARTED] = { provider };
  return provider;
}

export { SpanKind };

/**
 * Runs `work` in a span of its own (a child of the active one, or of `parentHeaders`' trace when a
 * request arrives from another process); the span ends with the work, marked failed when it throws.
 */
export async function inSpan<T>(name: string, kind: SpanKind, attributes: Attributes, work: (span: Span | undefined) => Promise<T>, parentHeaders?: Headers): Promise<T> {
  if (!tracing()) return work(undefined);
  const parent = parentHeaders ? propagation.extract(ROOT_CONTEXT, parentHeaders, { get: (headers, key) => headers.get(key) ?? undefined, keys: (headers) => [...headers.keys()] }) : context.active();
  return trace.getTracer('merchant-portal').startActiveSpan(name, { kind, attributes }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'failed' });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Writes the active trace into outgoing headers (`traceparent`), when tracing is on. */
export function carryTrace(headers: Record<string, string>): void {
  if (tracing()) propagation.inject(context.active(), headers);
}
