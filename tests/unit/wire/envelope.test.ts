import CryptoJS from 'crypto-js';
import { decryptText, encryptText, EnvelopeError, openPayload, sealPayload } from '@/lib/wire/envelope';

const KEY = 'test-payload-key-0123456789';

describe('the en envelope against crypto-js, the compatibility oracle', () => {
  const samples = ['{}', '{"username":"admin","password":"Portal#2026"}', '{"name":"金港貿易 — ✓"}', 'x'.repeat(4096)];

  it.each(samples.map((s) => [s.slice(0, 40)]))('crypto-js decrypts what we encrypt (%s)', (prefix) => {
    const plain = samples.find((s) => s.startsWith(prefix)) ?? '';
    const envelope = encryptText(plain, KEY);
    expect(CryptoJS.AES.decrypt(envelope, KEY).toString(CryptoJS.enc.Utf8)).toBe(plain);
  });

  it.each(samples.map((s) => [s.slice(0, 40)]))('we decrypt what crypto-js encrypts (%s)', (prefix) => {
    const plain = samples.find((s) => s.startsWith(prefix)) ?? '';
    expect(decryptText(CryptoJS.AES.encrypt(plain, KEY).toString(), KEY)).toBe(plain);
  });

  it('produces the same bytes as crypto-js for a fixed salt (fixed vector)', () => {
    const salt = Buffer.from('0102030405060708', 'hex');
    const params = CryptoJS.kdf.OpenSSL.execute(KEY, 8, 4, CryptoJS.enc.Hex.parse('0102030405060708'));
    const expected = CryptoJS.AES.encrypt('{"a":1}', params.key, { iv: params.iv }).ciphertext;
    const ours = Buffer.from(encryptText('{"a":1}', KEY, salt), 'base64');
    expect(ours.subarray(0, 16).toString('latin1')).toBe(`Salted__${salt.toString('latin1')}`);
    expect(ours.subarray(16).toString('hex')).toBe(expected.toString(CryptoJS.enc.Hex));
  });

  it('decrypts a vector recorded from crypto-js 4.2.0', () => {
    const recorded = 'U2FsdGVkX18BAgMEBQYHCG+jVLwjXSMvBE8OD8EZFDk=';
    expect(decryptText(recorded, 'portal')).toBe('{"page":1}');
  });
});

describe('bad envelopes', () => {
  it.each([
    ['not base64', '%%%'],
    ['too short', Buffer.from('Salted__1234').toString('base64')],
    ['no Salted__ header', Buffer.alloc(48, 1).toString('base64')],
    ['empty', ''],
  ])('%s is refused', (_name, envelope) => {
    expect(() => decryptText(envelope, KEY)).toThrow(EnvelopeError);
  });

  it.each([
    ['a third padding sign', 'QUJD==='],
    ['padding inside', 'QU==JD'],
  ])('%s is refused', (_name, envelope) => {
    expect(() => decryptText(envelope, KEY)).toThrow(EnvelopeError);
  });

  it('opens a file-sized envelope (the document upload: 10 MB) without exhausting the stack', () => {
    const content = 'A'.repeat(7 * 1024 * 1024);
    expect(openPayload(sealPayload({ content }, KEY), KEY)).toEqual({ content });
  });

  it('refuses a wrong key', () => {
    expect(() => decryptText(encryptText('{"a":1}', KEY), 'another-key')).toThrow(EnvelopeError);
  });

  it('opens only JSON objects', () => {
    expect(openPayload(sealPayload({ page: 1 }, KEY), KEY)).toEqual({ page: 1 });
    expect(() => openPayload(encryptText('not json', KEY), KEY)).toThrow('does not hold JSON');
    expect(() => openPayload(encryptText('[1,2]', KEY), KEY)).toThrow('JSON object');
    expect(() => openPayload(encryptText('null', KEY), KEY)).toThrow('JSON object');
  });
});
