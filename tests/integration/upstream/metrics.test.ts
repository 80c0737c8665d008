import { startTestUpstream, type TestUpstream } from './harness';

/** The services' own Prometheus metrics: behind METRICS_TOKEN, counting calls and statements. */
let upstream: TestUpstream;
let bare: TestUpstream;
beforeAll(async () => {
  [upstream, bare] = await Promise.all([startTestUpstream('pglite', { metricsToken: 'services-metrics-token-0123456789' }, 300), startTestUpstream('pglite', {}, 300)]);
}, 180_000);
afterAll(() => Promise.all([upstream.stop(), bare.stop()]));

const scrape = (target: TestUpstream, authorization?: string) => fetch(`${target.url}/metrics`, { headers: authorization ? { authorization } : {} });

describe('the services’ metrics', () => {
  it('are no route without METRICS_TOKEN, refused without the token, and count the calls and statements made', async () => {
    expect((await scrape(bare, 'Bearer services-metrics-token-0123456789')).status).toBe(404);
    expect((await scrape(upstream)).status).toBe(401);
    expect((await scrape(upstream, 'Bearer services-metrics-token-0123456780')).status).toBe(401);

    const count = (text: string, line: RegExp) => Number(text.split('\n').find((l) => line.test(l))?.split(' ').at(-1) ?? 0);
    const calls = /^services_http_request_duration_seconds_count\{.*route="\/sso\/api\/v1\/login".*status="200"/;
    const selects = /^services_db_query_duration_seconds_count\{operation="SELECT"\}/;
    const before = await (await scrape(upstream, 'Bearer services-metrics-token-0123456789')).text();
    for (let i = 0; i < 2; i++) await upstream.client.login('admin');
    const after = await (await scrape(upstream, 'Bearer services-metrics-token-0123456789')).text();
    expect(count(after, calls) - count(before, calls)).toBe(2);
    expect(count(after, selects)).toBeGreaterThan(count(before, selects));
    expect(after).toContain('# TYPE process_cpu_seconds_total counter');
  });
});
