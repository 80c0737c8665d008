import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

/** The instance's Prometheus metrics: only for the holder of METRICS_TOKEN, counting what happened. */
let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 500);
  portalEnv(upstream.url);
}, 180_000);
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  await upstream.stop();
});

/** One sample's value from Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('/api/metrics', () => {
  it('does not exist without METRICS_TOKEN, refuses a wrong token, and answers the right one', async () => {
    delete process.env.METRICS_TOKEN;
    expect((await new Browser().call('GET', '/api/metrics')).status).toBe(404);
    process.env.METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';
    expect((await new Browser().call('GET', '/api/metrics')).status).toBe(401);
    expect((await new Browser().call('GET', '/api/metrics', undefined, { authorization: 'Bearer metrics-token-for-the-test-012345678X' })).status).toBe(401);
    const answer = await new Browser().call('GET', '/api/metrics', undefined, { authorization: `Bearer ${process.env.METRICS_TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    for (const name of ['http_request_duration_seconds', 'upstream_call_duration_seconds', 'renders_in_flight', 'renders_waiting', 'requests_shed_total', 'exports_in_flight', 'sign_in_failures_total', 'sign_in_lockouts_total', 'process_cpu_seconds_total', 'nodejs_heap_size_used_bytes']) {
      expect(answer.text).toContain(`# TYPE ${name} `);
    }
  });

  it('counts the calls made and the sign-ins refused', async () => {
    process.env.METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';
    const read = async () => (await new Browser().call('GET', '/api/metrics', undefined, { authorization: `Bearer ${process.env.METRICS_TOKEN}` })).text;
    const before = await read();
    const admin = new Browser();
    await admin.signIn('admin');
    for (let i = 0; i < 3; i++) await admin.call('POST', '/api/gateway/customerInfo', { input: {} });
    await new Browser().signIn('viewer@demo.test', 'Wrong#2026');
    const after = await read();
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('upstream_call_duration_seconds_count', { call: 'customerInfo', status: '200' })).toBe(3);
    expect(delta('upstream_call_duration_seconds_count', { call: 'login', status: '200' })).toBe(1);
    expect(delta('sign_in_failures_total', { reason: 'credentials' })).toBe(1);
  });
});
