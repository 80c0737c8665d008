import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { isBase64 } from './base64';

/**
 * The AES `en` envelope of the wire between the portal and the upstream services (DESIGN.md
 * section 2): CryptoJS passphrase mode, i.e. OpenSSL's format: base64("Salted__" + 8-byte salt +
 * AES-256-CBC ciphertext), key and IV from EVP_BytesToKey with MD5. Written with node:crypto; the
 * tests prove byte compatibility with crypto-js in both directions.
 */

const MAGIC = Buffer.from('Salted__', 'latin1');
const KEY_BYTES = 32;
const IV_BYTES = 16;

export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

/** OpenSSL's EVP_BytesToKey with MD5 and one iteration, as crypto-js derives key and IV. */
function deriveKeyAndIv(passphrase: string, salt: Buffer): { key: Buffer; iv: Buffer } {
  const secret = Buffer.from(passphrase, 'utf8');
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  while (Buffer.concat(blocks).length < KEY_BYTES + IV_BYTES) {
    previous = createHash('md5').update(Buffer.concat([previous, secret, salt])).digest();
    blocks.push(previous);
  }
  const material = Buffer.concat(blocks);
  return { key: material.subarray(0, KEY_BYTES), iv: material.subarray(KEY_BYTES, KEY_BYTES + IV_BYTES) };
}

export function encryptText(plain: string, passphrase: string, salt: Buffer = randomBytes(8)): string {
  const { key, iv } = deriveKeyAndIv(passphrase, salt);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([MAGIC, salt, body]).toString('base64');
}

export function decryptText(envelope: string, passphrase: string): string {
  if (envelope === '' || !isBase64(envelope)) throw new EnvelopeError('the envelope is not base64');
  const raw = Buffer.from(envelope, 'base64');
  if (raw.length < 32 || !raw.subarray(0, 8).equals(MAGIC) || (raw.length - 16) % 16 !== 0) {
    throw new EnvelopeError('the envelope is not in the salted AES format');
  }
  const { key, iv } = deriveKeyAndIv(passphrase, raw.subarray(8, 16));
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    const plain = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]);
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    // A wrong key shows up as bad padding or as bytes that are not UTF-8.
    throw new EnvelopeError('the envelope does not decrypt with this key');
  }
}

/** The JSON input of a call, encrypted for the `en` field. */
export function sealPayload(payload: unknown, passphrase: string): string {
  return encryptText(JSON.stringify(payload ?? {}), passphrase);
}

/** The JSON object carried by an `en` field; anything else is an EnvelopeError. */
export function openPayload(envelope: string, passphrase: string): Record<string, unknown> {
  const text = decryptText(envelope, passphrase);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new EnvelopeError('the envelope does not hold JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new EnvelopeError('the envelope does not hold a JSON object');
  }
  return value as Record<string, unknown>;
}

/**
 * Which key sealed an envelope, so that the key can rotate without a moment where one side cannot
 * read the other (docs/operations.md, "Rotating secrets"): the portal names its key's id in this
 * header, an id drawn from the key itself; the services hold the current key and the ones they
 * still accept. No header: the current key (as a caller that knows nothing of rotation sends).
 */
export const PAYLOAD_KEY_ID_HEADER = 'x-payload-key-id';

export const payloadKeyId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 12);

/** The key an envelope names among those accepted; undefined for an id none of them has. */
export function keyNamed(id: string | undefined, current: string, accepted: readonly string[]): string | undefined {
  if (!id) return current;
  return [current, ...accepted].find((key) => payloadKeyId(key) === id);
}
