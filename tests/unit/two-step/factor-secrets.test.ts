import { AUTHENTICATOR_CODE, groupSecret, normaliseAuthenticatorCode, normaliseRecoveryCode, RECOVERY_ALPHABET, RECOVERY_CODE } from '@/lib/two-step/codes';
import { authenticatorCodeSchema, recoveryCodeSchema, secondStepSchema } from '@/lib/two-step/rules';
import { currentCode, hashFactorToken, matchingStep, newAuthenticatorSecret, newRecoveryCodes, openSecret, sealSecret, TOTP_PERIOD_SECONDS } from '@/upstream/rules/factor-secrets';

// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32, and its published codes (last six digits).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const KEY = 'a-factor-key-for-the-unit-tests';

describe('authenticator codes (RFC 6238)', () => {
  it('computes the RFC test vectors', () => {
    expect(currentCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(currentCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(currentCode(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts one step of clock drift either way, and no more', () => {
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
    const at = (seconds: number) => currentCode(RFC_SECRET, now + seconds * 1000);
    expect(matchingStep(RFC_SECRET, at(0), now)).toBe(step);
    expect(matchingStep(RFC_SECRET, at(-30), now)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, at(30), now)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, at(-60), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, at(60), now)).toBeNull();
  });

  it('names the time step a code belongs to, so that the same code always claims the same step (replay)', () => {
    const code = currentCode(RFC_SECRET, 1_700_000_010_000);
    // Checked a little later within the same step, or one step later: the step it claims is the same.
    expect(matchingStep(RFC_SECRET, code, 1_700_000_019_000)).toBe(matchingStep(RFC_SECRET, code, 1_700_000_040_000));
  });

  it('takes what people type: spaces inside a code; refuses anything but six digits', () => {
    expect(authenticatorCodeSchema.parse(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', '12 34', '']) expect(authenticatorCodeSchema.safeParse(bad).success).toBe(false);
    expect(normaliseAuthenticatorCode('12 34 56')).toMatch(AUTHENTICATOR_CODE);
  });

  it('draws a 160-bit secret in base32 and shows it in groups of four', () => {
    const secret = newAuthenticatorSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newAuthenticatorSecret()).not.toBe(secret);
    expect(groupSecret('ABCDEFGHIJKLMNOP')).toBe('ABCD EFGH IJKL MNOP');
  });
});

describe('the authenticator secret at rest', () => {
  it('is sealed with AES-256-GCM: no trace of the secret, a new IV each time, opened only with the key', () => {
    const secret = newAuthenticatorSecret();
    const sealed = sealSecret(secret, KEY);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealed.toLowerCase()).not.toContain(secret.toLowerCase().slice(0, 8));
    expect(sealSecret(secret, KEY)).not.toBe(sealed);
    expect(openSecret(sealed, KEY)).toBe(secret);
    expect(() => openSecret(sealed, 'another-factor-key-entirely')).toThrow();
  });

  it('refuses a sealed secret that was altered', () => {
    const sealed = sealSecret(newAuthenticatorSecret(), KEY);
    const [prefix, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = (text: string) => `${text.slice(0, -2)}${text.at(-2) === 'A' ? 'B' : 'A'}${text.at(-1)}`;
    expect(() => openSecret([prefix, iv, tag, flipped(body)].join('.'), KEY)).toThrow();
    expect(() => openSecret([prefix, iv, flipped(tag), body].join('.'), KEY)).toThrow();
    expect(() => openSecret('plain-secret', KEY)).toThrow();
  });
});

describe('recovery codes', () => {
  it('are ten xxxxx-xxxxx codes over an alphabet without look-alikes, all different', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(RECOVERY_CODE);
      expect([...code.replace('-', '')].every((c) => RECOVERY_ALPHABET.includes(c))).toBe(true);
    }
    expect(RECOVERY_ALPHABET).toHaveLength(32);
    expect(RECOVERY_ALPHABET).not.toMatch(/[01lo]/);
  });

  it('are kept as keyed hashes: not the code, not its plain SHA-256, different under another key', () => {
    const [code] = newRecoveryCodes(1) as [string];
    const hash = hashFactorToken(code, KEY);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code);
    expect(hashFactorToken(code, KEY)).toBe(hash);
    expect(hashFactorToken(code, 'another-factor-key-entirely')).not.toBe(hash);
  });

  it('forgive capitals, spaces and a missing dash, and refuse malformed ones', () => {
    expect(normaliseRecoveryCode('ABCDE FGHJK')).toBe('abcde-fghjk');
    expect(recoveryCodeSchema.parse('abcdefghjk')).toBe('abcde-fghjk');
    for (const bad of ['abcde-fghj', 'abcde-fghjkm', 'abc0e-fghjk', 'abcde_fghjk!']) expect(recoveryCodeSchema.safeParse(bad).success).toBe(false);
  });

  it('the second step takes exactly one proof', () => {
    expect(secondStepSchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(secondStepSchema.safeParse({ code: '123456', recoveryCode: 'abcde-fghjk' }).success).toBe(false);
    expect(secondStepSchema.safeParse({}).success).toBe(false);
  });
});
