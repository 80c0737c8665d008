import { Clock } from '@/upstream/clock';
import { loadConfig } from '@/upstream/config';
import { openPglite, type Database } from '@/upstream/db/database';
import { migrate } from '@/upstream/db/migrate';
import type { PublicContext } from '@/upstream/http/endpoint';
import { currentCode, hashFactorToken, sealSecret } from '@/upstream/rules/factor-secrets';
import { proveFactor } from '@/upstream/services/factor-proof';

/**
 * The services' proof of a second factor on a real (in-memory) database: each authenticator code
 * accepted once, recovery codes used once, wrong codes counted to the lockout. Everything else of a
 * call (transport, transaction, log table) is the integration suites' part.
 */
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY = ['abcde-fghjk', 'mnpqr-stuvw'];
const config = { ...loadConfig({ PAYLOAD_KEY: 'unit-payload-key-0123456789' } as unknown as NodeJS.ProcessEnv), factorKey: 'unit-factor-key-0123456789' };
let db: Database;
const clock = new Clock();
const logged: { action: string; detail: Record<string, unknown> }[] = [];
const who = { userId: 1, account: 'unit@demo.test' };

const context = () =>
  ({
    db,
    clock,
    config,
    ip: '127.0.0.1',
    versionOverrides: new Map(),
    faults: new Map(),
    log: async (action: string, _target?: string, detail: Record<string, unknown> = {}) => void logged.push({ action, detail }),
    writes: (work: (c: PublicContext) => Promise<unknown>) => work(context()),
  }) as unknown as PublicContext;
const prove = (proof: Parameters<typeof proveFactor>[2]) => proveFactor(context(), who, proof, 'second-step');
const refusal = async (proof: Parameters<typeof proveFactor>[2]) => prove(proof).then(() => 'accepted', (error: { code?: string }) => error.code);

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db);
  await db.query("INSERT INTO roles VALUES (3, 'Checker', 'c', 't', false, true, true, false)");
  await db.query(
    `INSERT INTO users (account, type, type_no, name, contact_name, contact_email, contact_number, role_id, password_hash, created_at)
     VALUES ($1, 'CUSTOMER', 'C0001', 'Unit', 'Unit', $1, '85290000000', 3, 'x', now())`,
    [who.account],
  );
  await db.query('INSERT INTO factor_totp (user_id, secret_sealed, confirmed_at, created_at) VALUES (1, $1, now(), now())', [sealSecret(SECRET, config.factorKey)]);
  for (const code of RECOVERY) await db.query('INSERT INTO factor_recovery_codes (user_id, code_hash, created_at) VALUES (1, $1, now())', [hashFactorToken(code, config.factorKey)]);
}, 60_000);
afterAll(() => db.close());
beforeEach(async () => {
  clock.reset();
  await db.query('UPDATE users SET factor_failures = 0, factor_locked_until = NULL');
});

describe('proving the second factor', () => {
  it('accepts a code once: the same code, or an earlier step’s, is a replay', async () => {
    clock.advance(10 * 60_000);
    const now = clock.now().getTime();
    await expect(prove({ code: currentCode(SECRET, now) })).resolves.toEqual({ method: 'totp' });
    expect(await refusal({ code: currentCode(SECRET, now) })).toBe('FACTOR_CODE_USED');
    expect(await refusal({ code: currentCode(SECRET, now - 30_000) })).toBe('FACTOR_CODE_USED');
    // The next step's code (one step of drift) is new.
    await expect(prove({ code: currentCode(SECRET, now + 30_000) })).resolves.toEqual({ method: 'totp' });
    const [row] = await db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM factor_totp');
    expect(row?.secret_sealed).not.toContain(SECRET);
  });

  it('accepts a recovery code once and says how many remain; the stored codes are hashes', async () => {
    await expect(prove({ recoveryCode: RECOVERY[0] })).resolves.toEqual({ method: 'recovery', recoveryRemaining: 1 });
    expect(await refusal({ recoveryCode: RECOVERY[0] })).toBe('FACTOR_CODE_WRONG');
    expect(logged.filter((entry) => entry.action === 'factor.recovery.used')).toEqual([{ action: 'factor.recovery.used', detail: { purpose: 'second-step', remaining: 1 } }]);
    const stored = await db.query<{ code_hash: string }>('SELECT code_hash FROM factor_recovery_codes');
    for (const { code_hash } of stored) for (const code of RECOVERY) expect(code_hash).not.toContain(code.replace('-', ''));
  });

  it('locks the second step at the fifth wrong code in a row, even for the right code then', async () => {
    const wrong = currentCode(SECRET, clock.now().getTime() + 5 * 60_000);
    for (let i = 0; i < 4; i++) expect(await refusal({ code: wrong })).toBe('FACTOR_CODE_WRONG');
    expect(await refusal({ code: wrong })).toBe('FACTOR_LOCKED');
    expect(await refusal({ recoveryCode: RECOVERY[1] })).toBe('FACTOR_LOCKED');
    expect(logged.filter((entry) => entry.action === 'factor.locked')).toHaveLength(1);
    const [left] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM factor_recovery_codes WHERE used_at IS NULL');
    expect(left?.n).toBe(1);
  });
});
