import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm start`'s supervisor (scripts/supervise.mjs) with two real processes standing in for the
 * portal and the services: one that dies is restarted on its own, with a growing back-off, and the
 * other goes on untouched.
 */
let dir: string;
let supervisor: ChildProcess;
let log = '';

const started = (name: string) => readdirSync(dir).filter((file) => file.startsWith(`${name}.`)).map((file) => Number(file.split('.')[1]));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function until(check: () => boolean, what: string, ms = 10_000) {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}; supervisor said: ${log}`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'supervise-'));
  writeFileSync(join(dir, 'child.mjs'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(dir)} + '/' + process.argv[2] + '.' + process.pid, '');\nsetInterval(() => {}, 1000);\n`);
  writeFileSync(
    join(dir, 'run.mjs'),
    `import { supervisor } from ${JSON.stringify(join(process.cwd(), 'scripts/supervise.mjs'))};
const { keepRunning, stop } = supervisor({ cwd: ${JSON.stringify(dir)}, firstDelayMs: 100, log: (line) => console.log(line) });
process.on('SIGTERM', () => stop(0));
keepRunning('The portal', ['child.mjs', 'portal']);
keepRunning('The reference services', ['child.mjs', 'services']);
`,
  );
  supervisor = spawn(process.execPath, [join(dir, 'run.mjs')], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  supervisor.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await until(() => started('portal').length === 1 && started('services').length === 1, 'both to start');
});
afterAll(() => {
  supervisor.kill('SIGKILL');
  for (const pid of [...started('portal'), ...started('services')]) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('the processes of npm start', () => {
  it('restarts the portal when it dies, with a growing back-off, and leaves the services running', async () => {
    const [services] = started('services') as [number];
    for (const round of [1, 2]) {
      process.kill(started('portal').at(-1) as number, 'SIGKILL');
      await until(() => started('portal').length === round + 1, `portal restart ${round}`);
    }
    expect(log).toContain('The portal stopped (SIGKILL); restarting in 0.1 s.');
    expect(log).toContain('The portal stopped (SIGKILL); restarting in 0.2 s.');
    expect(alive(services)).toBe(true);
    expect(started('services')).toEqual([services]);
  });

  it('restarts the services when they die, and leaves the portal running', async () => {
    const portal = started('portal').at(-1) as number;
    process.kill(started('services')[0] as number, 'SIGKILL');
    await until(() => started('services').length === 2, 'services restart');
    expect(alive(portal)).toBe(true);
  });

  it('stops every process on SIGTERM', async () => {
    const running = [started('portal').at(-1), started('services').at(-1)] as number[];
    supervisor.kill('SIGTERM');
    await until(() => running.every((pid) => !alive(pid)) && supervisor.exitCode !== null, 'everything to stop');
    expect(supervisor.exitCode).toBe(0);
  });
});
