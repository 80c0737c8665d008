import { sealData } from 'iron-session';
import { checkCaptcha, issueCaptcha } from '@/lib/auth/captcha';
import { openSession, sealSession, type SessionData } from '@/lib/session/session';
import { MemoryStore } from '@/lib/store/shared-store';
import { keyNamed, openPayload, payloadKeyId, sealPayload } from '@/lib/wire/envelope';

/**
 * Secrets rotate without signing anybody out (docs/operations.md, "Rotating secrets"): the fleet
 * first accepts the new session secret, then seals with it while still accepting the old one,
 * then drops the old one. Instances in different phases read each other's cookies throughout.
 */
const OLD = 'old-session-secret-0123456789abcdefghijklmnop';
const NEW = 'new-session-secret-0123456789abcdefghijklmnop';
const session = (): SessionData => ({
  v: 1, sid: `sid-${Math.random()}`, userId: 1, account: 'admin', nickName: 'Admin', rank: 'CUSTOMER', rankNo: 'C0001', roleId: 1, isAdmin: true, menus: ['dashboard'],
  pwdFlag: false, opPwdFlag: false, loginType: '1', serviceCode: '', token: 't'.repeat(43), issuedAt: Date.now(), lastSeen: Date.now(),
});

/** Runs `work` as an instance configured with these secrets. */
async function asInstance<T>(secret: string, accepted: string[], work: () => Promise<T>): Promise<T> {
  const saved = { SESSION_SECRET: process.env.SESSION_SECRET, SESSION_SECRET_ACCEPTED: process.env.SESSION_SECRET_ACCEPTED };
  process.env.SESSION_SECRET = secret;
  process.env.SESSION_SECRET_ACCEPTED = accepted.join(',');
  try {
    return await work();
  } finally {
    Object.assign(process.env, saved);
    if (saved.SESSION_SECRET_ACCEPTED === undefined) delete process.env.SESSION_SECRET_ACCEPTED;
  }
}
const opens = async (cookie: string) => (await openSession(cookie)).session !== null;

beforeEach(() => {
  (globalThis as Record<symbol, unknown>)[Symbol.for('portal.sharedStore')] = new MemoryStore();
});

describe('rotating the session secret', () => {
  it('keeps every cookie open through the three phases, whichever instance sealed it', async () => {
    const before = await asInstance(OLD, [], () => sealSession(session()));
    // Phase 1: the new secret accepted, the old one still sealing.
    const phaseOne = await asInstance(OLD, [NEW], () => sealSession(session()));
    // Phase 2: the new secret sealing, the old one accepted.
    const phaseTwo = await asInstance(NEW, [OLD], () => sealSession(session()));
    for (const cookie of [before, phaseOne, phaseTwo]) {
      expect(await asInstance(OLD, [NEW], () => opens(cookie))).toBe(true);
      expect(await asInstance(NEW, [OLD], () => opens(cookie))).toBe(true);
    }
    // Phase 3: the old secret dropped, once the sessions it sealed have run out.
    expect(await asInstance(NEW, [], () => opens(phaseTwo))).toBe(true);
    expect(await asInstance(NEW, [], () => opens(before))).toBe(false);
  });

  it('opens a cookie sealed before secrets had ids (the release before), so that upgrading signs nobody out', async () => {
    const sealedBefore = await sealData(session(), { password: NEW, ttl: 3600 });
    expect(await asInstance(NEW, [], () => opens(sealedBefore))).toBe(true);
    expect(await asInstance(OLD, [], () => opens(sealedBefore))).toBe(false);
  });

  it('checks a picture code made before the rotation', async () => {
    process.env.CAPTCHA_TEST_CODE = 'ABCD';
    try {
      const { cookie } = await asInstance(OLD, [], () => issueCaptcha());
      expect(await asInstance(NEW, [OLD], () => checkCaptcha(cookie, 'ABCD'))).toBe(true);
      const { cookie: another } = await asInstance(OLD, [], () => issueCaptcha());
      expect(await asInstance(NEW, [], () => checkCaptcha(another, 'ABCD'))).toBe(false);
    } finally {
      delete process.env.CAPTCHA_TEST_CODE;
    }
  });
});

describe('rotating the envelope key', () => {
  it('opens an envelope with the key its id names among those accepted, the current one without an id, none for an unknown id', () => {
    const [old, next] = ['old-payload-key-0123456789', 'new-payload-key-0123456789'];
    const sealed = sealPayload({ hello: 'world' }, next);
    const key = keyNamed(payloadKeyId(next), old, [next]) as string;
    expect(openPayload(sealed, key)).toEqual({ hello: 'world' });
    expect(keyNamed(undefined, old, [next])).toBe(old);
    expect(keyNamed(payloadKeyId('another-key-entirely-012345'), old, [next])).toBeUndefined();
    expect(payloadKeyId(old)).toMatch(/^[0-9a-f]{12}$/);
  });
});
