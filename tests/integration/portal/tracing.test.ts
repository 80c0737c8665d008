import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTracing } from '@/lib/telemetry/tracing';
import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

/**
 * One trace across the portal and the services (docs/operations.md, "Traces"): the portal's span
 * of the request, its span of the upstream call, and the services' span of the call with a span
 * per statement, joined by the `traceparent` header the gateway sends over HTTP. Both run in this
 * process, with an in-memory exporter in place of OTLP.
 */
const exporter = new InMemorySpanExporter();
let upstream: TestUpstream;
beforeAll(async () => {
  startTracing('merchant-portal', exporter);
  upstream = await startTestUpstream('pglite', {}, 500);
  portalEnv(upstream.url);
}, 180_000);
afterAll(() => upstream.stop());

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('a trace', () => {
  it('spans the portal’s request, its upstream call, the services’ call and its statements, under one trace id and request id', async () => {
    const browser = new Browser();
    await browser.signIn('admin');
    exporter.reset();
    const answer = await browser.call('POST', '/api/gateway/customerInfo', { input: {} });
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id');
    const spans = exporter.getFinishedSpans();

    const request = spans.find((s) => s.name === 'POST /api/gateway/[call]' && s.kind === SpanKind.SERVER) as ReadableSpan;
    expect(request.attributes).toMatchObject({ 'portal.request_id': requestId, 'http.response.status_code': 200 });
    const call = spans.find((s) => s.name === 'upstream customerInfo') as ReadableSpan;
    expect(call.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(call)).toBe(request.spanContext().spanId);
    const served = spans.find((s) => s.kind === SpanKind.SERVER && parentOf(s) === call.spanContext().spanId) as ReadableSpan;
    expect(served.name).toBe('GET /hk/api/MerchantInfo/GetCustomerInfo');
    expect(served.attributes).toMatchObject({ 'portal.request_id': requestId, 'http.response.status_code': 200 });
    const statements = spans.filter((s) => s.name.startsWith('db ') && parentOf(s) === served.spanContext().spanId);
    expect(statements.length).toBeGreaterThan(0);

    const traces = new Set([request, call, served, ...statements].map((s) => s.spanContext().traceId));
    expect(traces.size).toBe(1);
  });
});
