// Gateway overhead: a registered call through the portal's route handler (proxy, session, gateway,
// envelope, upstream) versus the same call made directly to the reference service, in one run.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sealPayload } from '../lib/wire/envelope';
import { benchUpstream, KEY, percentile, portalSession, startBareNext, startPortal } from './harness';

const PORTAL_PORT = Number(process.env.BENCH_PORT ?? 3199);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

export async function benchGateway() {
  const upstream = await benchUpstream(5000);
  const portal = await startPortal(upstream.url, PORTAL_PORT);
  const portalUrl = portal.url;
  let bareNext: Awaited<ReturnType<typeof startBareNext>> | undefined;
  try {
    // Direct: sign in at the service for a token.
    const login = (await (await fetch(`${upstream.url}/sso/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ en: sealPayload({ username: 'admin', password: 'Portal#2026' }, KEY) }) })).json()) as [{ xEftpayToken: string; id: number }];
    const token = login[0].xEftpayToken;
    const directUrl = `${upstream.url}/hk/api/MerchantInfo/GetCustomerInfo?en=${encodeURIComponent(sealPayload({ userid: login[0].id }, KEY))}`;
    // Through the portal: sign in there for a session cookie.
    const session = await portalSession(portalUrl);
    const portalRequest = { method: 'POST' as const, headers: { 'content-type': 'application/json', origin: portalUrl, cookie: session }, body: '{"input":{}}' };

    // The CPU a process spent (user and system), from /proc: latency differences between three
    // separately timed paths are noisy on two shared cores; the portal's CPU per call is not.
    const cpuMs = (pid: number | undefined) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    };
    const cpu: Record<string, number> = {};
    const time = async (send: () => Promise<Response>, name?: string, pid = portal.process.pid) => {
      const samples: number[] = [];
      let cpuBefore = 0;
      for (let i = 0; i < ROUNDS + 20; i++) {
        if (i === 20) cpuBefore = cpuMs(pid);
        const t0 = performance.now();
        const response = await send();
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
        if (i >= 20) samples.push(performance.now() - t0);
      }
      if (name) cpu[name] = (cpuMs(pid) - cpuBefore) / ROUNDS;
      return samples;
    };
    const direct = await time(() => fetch(directUrl, { headers: { 'x-eftpay-token': token } }));
    const viaPortal = await time(() => fetch(`${portalUrl}/api/gateway/customerInfo`, portalRequest), 'gateway');
    // The framework's own floor on the same process: a route handler that calls nothing.
    const bare = await time(() => fetch(`${portalUrl}/api/health`), 'bare');
    // The minimal reproduction beside it: the same call forwarded by a Next.js app with nothing of the portal.
    bareNext = await startBareNext(PORTAL_PORT + 2, { DIRECT_URL: directUrl, DIRECT_TOKEN: token });
    const bareRequest = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: portalRequest.body };
    const forward = await time(() => fetch(`${bareNext?.url}/api/forward`, bareRequest), 'forward', bareNext.process.pid);

    const load = (opts: autocannon.Options) => new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (error, result) => (error ? reject(error) : resolve(result))));
    const directLoad = await load({ url: directUrl, connections: 50, duration: SECONDS, headers: { 'x-eftpay-token': token } });
    const portalLoad = await load({ url: `${portalUrl}/api/gateway/customerInfo`, connections: 50, duration: SECONDS, ...portalRequest });
    const forwardLoad = await load({ url: `${bareNext.url}/api/forward`, connections: 50, duration: SECONDS, ...bareRequest });
    if (directLoad.non2xx || portalLoad.non2xx || forwardLoad.non2xx) throw new Error(`non-2xx answers: direct ${directLoad.non2xx}, portal ${portalLoad.non2xx}, bare Next.js ${forwardLoad.non2xx}`);

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
      { path: 'bare route handler (/api/health)', p50: `${percentile(bare, 50).toFixed(2)} ms`, p99: `${percentile(bare, 99).toFixed(2)} ms`, 'req/s (50 conn.)': '' },
      { path: 'portal − bare handler', p50: `${(percentile(viaPortal, 50) - percentile(bare, 50)).toFixed(2)} ms`, p99: '', 'req/s (50 conn.)': '' },
      {
        path: "the portal's own cost (portal − bare − direct), goal < 1 ms p50",
        p50: `${(percentile(viaPortal, 50) - percentile(direct, 50) - percentile(bare, 50)).toFixed(2)} ms`,
        p99: '',
        'req/s (50 conn.)': '',
      },
      { path: 'bare Next.js app forwarding the same call', p50: `${percentile(forward, 50).toFixed(2)} ms`, p99: `${percentile(forward, 99).toFixed(2)} ms`, 'req/s (50 conn.)': forwardLoad.requests.average.toFixed(0) },
      {
        path: 'the portal beyond the bare forward (portal − forward)',
        p50: `${(percentile(viaPortal, 50) - percentile(forward, 50)).toFixed(2)} ms`,
        p99: `${(percentile(viaPortal, 99) - percentile(forward, 99)).toFixed(2)} ms`,
        'req/s (50 conn.)': `ratio ${(portalLoad.requests.average / forwardLoad.requests.average).toFixed(2)}`,
      },
    ]);
    const perCall = (ms = NaN) => `${ms.toFixed(2)} ms`;
    console.log(`\nThe portal process's CPU per call (user + system, ${ROUNDS} sequential calls each):`);
    console.table([
      { path: 'through the portal (gateway call)', cpu: perCall(cpu.gateway) },
      { path: 'bare route handler (/api/health)', cpu: perCall(cpu.bare) },
      { path: "the gateway's own CPU (gateway − bare)", cpu: perCall((cpu.gateway ?? NaN) - (cpu.bare ?? NaN)) },
      { path: 'bare Next.js app forwarding the same call (its process)', cpu: perCall(cpu.forward) },
      { path: 'the portal beyond the bare forward', cpu: perCall((cpu.gateway ?? NaN) - (cpu.forward ?? NaN)) },
    ]);
  } finally {
    await bareNext?.stop();
    portal.stop();
    await upstream.close();
  }
}

if (require.main === module) void benchGateway();
