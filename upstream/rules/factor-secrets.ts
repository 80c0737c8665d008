import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_ALPHABET, RECOVERY_CODES_ISSUED } from '../../lib/two-step/codes';

/**
 * The second factor's secrets at rest (issue 26). An authenticator secret is sealed with
 * AES-256-GCM under a key derived from FACTOR_KEY (never stored in the database); recovery codes
 * and device tokens are kept only as keyed hashes.
 */

const SEALED_PREFIX = 'v1';

const keyOf = (factorKey: string, purpose: string) => createHash('sha256').update(`${purpose}\0${factorKey}`).digest();

/** `v1.<iv>.<tag>.<ciphertext>`, base64url: the database alone does not give the secret away. */
export function sealSecret(secret: string, factorKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(factorKey, 'totp-secret'), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [SEALED_PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The secret, or an error when the sealed text was altered or sealed under another key. */
export function openSecret(sealed: string, factorKey: string): string {
  const [prefix, iv, tag, body] = sealed.split('.');
  if (prefix !== SEALED_PREFIX || !iv || !tag || body === undefined) throw new Error('not a sealed factor secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(factorKey, 'totp-secret'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Recovery codes and device tokens as stored: an HMAC, so a copy of the table alone cannot be tried offline. */
export const hashFactorToken = (value: string, factorKey: string) => createHmac('sha256', keyOf(factorKey, 'factor-token')).update(value).digest('hex');

/** Ten codes `xxxxx-xxxxx` from an alphabet of 32 (50 bits each), drawn without bias. */
export function newRecoveryCodes(count = RECOVERY_CODES_ISSUED): string[] {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => `${part()}-${part()}`);
}

/** A new authenticator secret: 160 bits, as RFC 4226 recommends, in base32 as the apps take it. */
export const newAuthenticatorSecret = () => new Secret({ size: 20 }).base32;

export const TOTP_PERIOD_SECONDS = 30;
/** One step of clock drift either way (RFC 6238 section 5.2's recommendation). */
const TOTP_DRIFT_STEPS = 1;

function totpOf(base32: string, account = '', issuer = '') {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(base32), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS });
}

/** The otpauth:// link the QR code carries. */
export const authenticatorUri = (base32: string, account: string, issuer: string) => totpOf(base32, account, issuer).toString();

/**
 * The time step a code belongs to, within the allowed drift of `nowMs`, or null when it matches
 * none. The caller accepts a step only once (replay): see `claimStep` in the services.
 */
export function matchingStep(base32: string, code: string, nowMs: number): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: nowMs, window: TOTP_DRIFT_STEPS });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The current code of a secret (tests and the demo's README use the same computation). */
export const currentCode = (base32: string, nowMs = Date.now()) => totpOf(base32).generate({ timestamp: nowMs });
