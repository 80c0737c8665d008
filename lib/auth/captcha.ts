import 'server-only';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { sharedStore } from '../store/shared-store';

/**
 * The login page's verification code, made and checked by the portal: the image is drawn from
 * dot-matrix glyphs (no text for a script to read), the answer travels only as an HMAC inside a
 * sealed, httpOnly cookie, and each code is accepted once within two minutes.
 */
export const CAPTCHA_COOKIE = 'portal_captcha';
const LIFETIME_MS = 2 * 60_000;
const LENGTH = 4;

/** 5x7 glyphs; characters that look alike (0/O, 1/I, 5/S) are left out. */
const GLYPHS: Record<string, string[]> = {
  '2': ['01110', '10001', '00001', '00110', '01000', '10000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
};
const ALPHABET = Object.keys(GLYPHS);

function secret(): string {
  return process.env.SESSION_SECRET ?? '';
}

const digest = (id: string, code: string) => createHmac('sha256', secret()).update(`${id}:${code.toUpperCase()}`).digest('hex');

export function drawCaptcha(code: string): string {
  const cell = 5;
  const width = 150;
  const height = 50;
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    parts.push(`<line x1="${randomInt(0, width)}" y1="${randomInt(0, height)}" x2="${randomInt(0, width)}" y2="${randomInt(0, height)}" stroke="#9bb1cc" stroke-width="1"/>`);
  }
  [...code].forEach((char, index) => {
    const glyph = GLYPHS[char] ?? [];
    const x0 = 14 + index * 33 + randomInt(-3, 4);
    const y0 = 8 + randomInt(-3, 4);
    const tilt = randomInt(-12, 13);
    const hue = randomInt(195, 235);
    const dots = glyph.flatMap((row, y) =>
      [...row].map((bit, x) => (bit === '1' ? `<rect x="${x0 + x * cell}" y="${y0 + y * cell}" width="${cell - 0.6}" height="${cell - 0.6}" rx="1"/>` : '')),
    );
    parts.push(`<g fill="hsl(${hue},55%,32%)" transform="rotate(${tilt} ${x0 + 12} ${y0 + 17})">${dots.join('')}</g>`);
  });
  for (let i = 0; i < 30; i++) parts.push(`<circle cx="${randomInt(0, width)}" cy="${randomInt(0, height)}" r="1" fill="#6f8fb5"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#eef3f9"/>${parts.join('')}</svg>`;
}

/** A new code: its image for the browser and the sealed cookie value that can check it. */
export async function issueCaptcha(): Promise<{ svg: string; cookie: string }> {
  const code = process.env.CAPTCHA_TEST_CODE || Array.from({ length: LENGTH }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
  const id = randomBytes(12).toString('base64url');
  const cookie = await sealData({ id, digest: digest(id, code), expires: Date.now() + LIFETIME_MS }, { password: secret(), ttl: LIFETIME_MS / 1000 });
  return { svg: drawCaptcha(code), cookie };
}

/** True once for the right answer to the sealed code; the code is used up either way. */
export async function checkCaptcha(cookie: string | undefined, answer: string): Promise<boolean> {
  if (!cookie || !answer) return false;
  let sealed: { id: string; digest: string; expires: number };
  try {
    sealed = await unsealData(cookie, { password: secret(), ttl: LIFETIME_MS / 1000 });
  } catch {
    return false;
  }
  if (!sealed?.id || sealed.expires < Date.now()) return false;
  if (!(await sharedStore().claim(`captcha:${sealed.id}`, LIFETIME_MS))) return false;
  const expected = Buffer.from(sealed.digest, 'hex');
  const actual = Buffer.from(digest(sealed.id, answer.trim()), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
