import { isBase64 } from '@/lib/wire/base64';

describe('base64 text', () => {
  it.each([
    ['empty', '', true],
    ['no padding', 'QUJD', true],
    ['one padding sign', 'QUI=', true],
    ['two padding signs', 'QQ==', true],
    ['the alphabet whole', 'ABCXYZabcxyz0189+/', true],
    ['a third padding sign', 'QQ===', false],
    ['padding inside', 'QU==JD', false],
    ['a URL-safe sign', 'QU-_', false],
    ['a space', 'QU JD', false],
    ['a Chinese character', 'QU金', false],
  ])('%s', (_name, text, expected) => {
    expect(isBase64(text)).toBe(expected);
  });

  it('reads a document-sized text (10 MB) with one bad sign at its end', () => {
    expect(isBase64(`${'A'.repeat(10 * 1024 * 1024)}==`)).toBe(true);
    expect(isBase64(`${'A'.repeat(10 * 1024 * 1024)}-`)).toBe(false);
  });
});
