// Gateway overhead: a registered call through the portal's route handler (proxy, session, gateway,
// envelope, upstream) versus the same call made directly to the reference service, in one run.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sealPayload } from '../lib/wire/envelope';
import type { UpstreamConfig } from '../upstream/config';
import { startUpstream } from '../upstream/server';

const KEY = 'bench-payload-key-0123456789';
const SECRET = 'bench-session-secret-0123456789abcdef012345';
const PORTAL_PORT = 3199;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function waitFor(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not start`);
}

export async function benchGateway() {
  const config: UpstreamConfig = {
    port: 0, host: '127.0.0.1', dataDir: ':memory:', payloadKey: KEY, version: '4.4.9', mode: 'test', portalUrl: 'http://bench',
    tokenTtlMinutes: 720, resetLinkMinutes: 5, lockoutFailures: 10, lockoutMinutes: 30, maxInputBytes: 65536,
  };
  const upstream = await startUpstream(config, { seedTransactions: 5000, log: () => {} });
  const portal = spawn(process.execPath, [join(process.cwd(), '.next/standalone/server.js')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORTAL_PORT), HOSTNAME: '127.0.0.1', UPSTREAM_URL: upstream.url, PAYLOAD_KEY: KEY, SESSION_SECRET: SECRET, CAPTCHA_TEST_CODE: '2468', ALLOW_CAPTCHA_TEST_CODE: '1' },
    stdio: 'ignore',
  });
  const portalUrl = `http://127.0.0.1:${PORTAL_PORT}`;
  try {
    await waitFor(`${portalUrl}/api/health`);
    // Direct: sign in at the service for a token.
    const login = (await (await fetch(`${upstream.url}/sso/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ en: sealPayload({ username: 'admin', password: 'Portal#2026' }, KEY) }) })).json()) as [{ xEftpayToken: string; id: number }];
    const token = login[0].xEftpayToken;
    const directUrl = `${upstream.url}/hk/api/MerchantInfo/GetCustomerInfo?en=${encodeURIComponent(sealPayload({ userid: login[0].id }, KEY))}`;
    // Through the portal: sign in there for a session cookie.
    const captcha = await fetch(`${portalUrl}/api/auth/captcha`);
    const captchaCookie = captcha.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const signIn = await fetch(`${portalUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portalUrl, cookie: captchaCookie },
      body: JSON.stringify({ username: 'admin', password: 'Portal#2026', captcha: '2468' }),
    });
    const session = signIn.headers.getSetCookie().find((c) => c.startsWith('portal_session='))?.split(';')[0] ?? '';
    const portalRequest = { method: 'POST' as const, headers: { 'content-type': 'application/json', origin: portalUrl, cookie: session }, body: '{"input":{}}' };

    const time = async (send: () => Promise<Response>) => {
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS + 20; i++) {
        const t0 = performance.now();
        const response = await send();
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
        if (i >= 20) samples.push(performance.now() - t0);
      }
      return samples;
    };
    const direct = await time(() => fetch(directUrl, { headers: { 'x-eftpay-token': token } }));
    const viaPortal = await time(() => fetch(`${portalUrl}/api/gateway/customerInfo`, portalRequest));

    const load = (opts: autocannon.Options) => new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (error, result) => (error ? reject(error) : resolve(result))));
    const directLoad = await load({ url: directUrl, connections: 50, duration: SECONDS, headers: { 'x-eftpay-token': token } });
    const portalLoad = await load({ url: `${portalUrl}/api/gateway/customerInfo`, connections: 50, duration: SECONDS, ...portalRequest });
    if (directLoad.non2xx || portalLoad.non2xx) throw new Error(`non-2xx answers: direct ${directLoad.non2xx}, portal ${portalLoad.non2xx}`);

    console.log('\nGateway overhead: GET /hk/api/MerchantInfo/GetCustomerInfo, direct vs POST /api/gateway/customerInfo');
    console.table([
      { path: 'direct to the service', p50: `${percentile(direct, 50).toFixed(2)} ms`, p99: `${percentile(direct, 99).toFixed(2)} ms`, 'req/s (50 conn.)': directLoad.requests.average.toFixed(0) },
      { path: 'through the portal', p50: `${percentile(viaPortal, 50).toFixed(2)} ms`, p99: `${percentile(viaPortal, 99).toFixed(2)} ms`, 'req/s (50 conn.)': portalLoad.requests.average.toFixed(0) },
      {
        path: 'added by the portal',
        p50: `${(percentile(viaPortal, 50) - percentile(direct, 50)).toFixed(2)} ms`,
        p99: `${(percentile(viaPortal, 99) - percentile(direct, 99)).toFixed(2)} ms`,
        'req/s (50 conn.)': `ratio ${(portalLoad.requests.average / directLoad.requests.average).toFixed(2)}`,
      },
    ]);
  } finally {
    portal.kill();
    await upstream.close();
  }
}

if (require.main === module) void benchGateway();
