import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { freePort } from '@/scripts/throwaway-postgres';

/** The services refuse a bad start in one sentence naming what to fix, never with a stack trace. */
function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'upstream/server.ts'], {
    env: { PATH: process.env.PATH, PAYLOAD_KEY: 'startup-test-payload-key-0123', UPSTREAM_MODE: 'test', UPSTREAM_DATA_DIR: ':memory:', SEED_TRANSACTIONS: '100', LOG_LEVEL: 'info', ...env } as unknown as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 60_000,
  });
}
const said = (output: string) => output.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: string; msg: string });

describe('a bad start of the services', () => {
  it('names where PostgreSQL was looked for when it does not answer (never its password)', async () => {
    const port = await freePort();
    const result = start({ DATABASE_URL: `postgres://portal:s3cret-password@127.0.0.1:${port}/portal` });
    expect(result.status).toBe(1);
    const fatal = said(result.stdout + result.stderr).find((line) => line.level === 'fatal');
    expect(fatal?.msg).toMatch(new RegExp(`^PostgreSQL does not answer at 127\\.0\\.0\\.1:${port}/portal \\(DATABASE_URL\\): .+\\. Start it, or correct DATABASE_URL\\.$`));
    expect(result.stdout + result.stderr).not.toContain('s3cret-password');
    expect(result.stdout + result.stderr).not.toMatch(/\n\s+at /);
  });

  it('says which port is taken', async () => {
    const port = await freePort();
    const holder = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => holder.once('listening', resolve));
    try {
      const result = start({ UPSTREAM_PORT: String(port) });
      expect(result.status).toBe(1);
      const fatal = said(result.stdout + result.stderr).find((line) => line.level === 'fatal');
      expect(fatal?.msg).toBe(`Port ${port} on 127.0.0.1 is taken by another program: stop it, or choose another with UPSTREAM_PORT.`);
    } finally {
      holder.close();
    }
  });
});
