import 'server-only';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { sealData, unsealData } from 'iron-session';
import { acceptedSecrets, openingPasswords, sealingPassword } from '../session/config';
import { sharedStore } from '../store/shared-store';

/**
 * The login page's verification code, made and checked by the portal: a noisy raster image, the
 * answer travels only as an HMAC inside a sealed, httpOnly cookie, and each code is accepted once
 * within two minutes.
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

/** The code's digest under a session secret: the sealing one writes it, any accepted one may check it. */
const digest = (id: string, code: string, secret = process.env.SESSION_SECRET ?? '') => createHmac('sha256', secret).update(`${id}:${code.toUpperCase()}`).digest('hex');

const WIDTH = 150;
const HEIGHT = 50;

/**
 * Draws the code into a grey-level raster: each glyph dot is a jittered blob, each glyph turned by
 * a random angle, on a noisy ground with decoy blobs and lines. Nothing of the glyphs' structure
 * survives in the file for a script to read; only an image reader could, and the rate limits and
 * the lockout stand behind it.
 */
export function drawCaptcha(code: string): Buffer {
  const pixels = new Uint8Array(WIDTH * HEIGHT).map(() => randomInt(214, 250));
  const blob = (cx: number, cy: number, radius: number, shade: number) => {
    for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++) {
      for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
        if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT || (x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) continue;
        pixels[y * WIDTH + x] = Math.min(pixels[y * WIDTH + x] as number, shade + randomInt(0, 25));
      }
    }
  };
  for (let i = 0; i < 4; i++) {
    const [x1, y1, x2, y2] = [randomInt(0, WIDTH), randomInt(0, HEIGHT), randomInt(0, WIDTH), randomInt(0, HEIGHT)];
    for (let step = 0; step <= 200; step++) blob(x1 + ((x2 - x1) * step) / 200, y1 + ((y2 - y1) * step) / 200, 0.7, randomInt(120, 170));
  }
  [...code].forEach((char, index) => {
    const glyph = GLYPHS[char] ?? [];
    const centreX = 24 + index * 34 + randomInt(-3, 4);
    const centreY = 25 + randomInt(-3, 4);
    const angle = (randomInt(-18, 19) * Math.PI) / 180;
    const scale = 4.4 + randomInt(0, 8) / 10;
    glyph.forEach((row, y) =>
      [...row].forEach((bit, x) => {
        if (bit !== '1') return;
        const dx = (x - 2) * scale + randomInt(-7, 8) / 10;
        const dy = (y - 3) * scale + randomInt(-7, 8) / 10;
        blob(centreX + dx * Math.cos(angle) - dy * Math.sin(angle), centreY + dx * Math.sin(angle) + dy * Math.cos(angle), 2.1 + randomInt(0, 6) / 10, randomInt(20, 80));
      }),
    );
  });
  for (let i = 0; i < 18; i++) blob(randomInt(0, WIDTH), randomInt(0, HEIGHT), 1.2 + randomInt(0, 8) / 10, randomInt(90, 160));
  return encodeGreyPng(pixels, WIDTH, HEIGHT);
}

/** A minimal PNG: 8-bit grey, one IDAT, no filtering. */
function encodeGreyPng(pixels: Uint8Array, width: number, height: number): Buffer {
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) rows.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A new code: its image for the browser and the sealed cookie value that can check it. */
export async function issueCaptcha(): Promise<{ image: Buffer; cookie: string }> {
  const code = process.env.CAPTCHA_TEST_CODE || Array.from({ length: LENGTH }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
  const id = randomBytes(12).toString('base64url');
  const cookie = await sealData({ id, digest: digest(id, code), expires: Date.now() + LIFETIME_MS }, { password: sealingPassword(), ttl: LIFETIME_MS / 1000 });
  return { image: drawCaptcha(code), cookie };
}

/** True once for the right answer to the sealed code; the code is used up either way. */
export async function checkCaptcha(cookie: string | undefined, answer: string): Promise<boolean> {
  if (!cookie || !answer) return false;
  let sealed: { id: string; digest: string; expires: number };
  try {
    sealed = await unsealData(cookie, { password: openingPasswords(), ttl: LIFETIME_MS / 1000 });
  } catch {
    return false;
  }
  if (!sealed?.id || sealed.expires < Date.now()) return false;
  if (!(await sharedStore().claim(`captcha:${sealed.id}`, LIFETIME_MS))) return false;
  const expected = Buffer.from(sealed.digest, 'hex');
  // During a secret's rotation the code may have been sealed under the secret now only accepted.
  return [process.env.SESSION_SECRET ?? '', ...acceptedSecrets()].some((secret) => {
    const actual = Buffer.from(digest(sealed.id, answer.trim(), secret), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
}
