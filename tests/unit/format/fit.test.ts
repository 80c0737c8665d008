import { fittedFontSize, textEms } from '@/lib/format/fit';

/**
 * Advance widths in em of the widest font the theme's list can fall back to for figures (DejaVu
 * Sans, Linux's default sans-serif: digits 1303/2048, ',' and '.' 651/2048, '-' 739/2048) and of
 * Arial (digits 0.556): the estimate must be at least as wide, or a figure would overflow its card.
 */
const DEJAVU: Record<string, number> = { digit: 1303 / 2048, ',': 651 / 2048, '.': 651 / 2048, '-': 739 / 2048, ' ': 651 / 2048, H: 1540 / 2048, K: 1343 / 2048, D: 1577 / 2048 };
const dejaVuEms = (text: string) => [...text].reduce((sum, c) => sum + (/\d/.test(c) ? (DEJAVU.digit as number) : (DEJAVU[c] ?? 1)), 0);

describe('fitting a figure to its card', () => {
  it.each(['0.00', '29,777,922.70', '-1,234,567,890.12', 'HKD  12,345.67', '1,234'])('estimates "%s" at least as wide as the widest font draws it', (text) => {
    expect(textEms(text)).toBeGreaterThanOrEqual(dejaVuEms(text));
    // ...and not so wide that a figure shrinks for nothing (within a third of Arial's width).
    expect(textEms(text)).toBeLessThan(dejaVuEms(text) * 1.35);
  });

  it('keeps the figure\'s size while it fits and otherwise divides the card\'s width by the text\'s', () => {
    expect(fittedFontSize('29,777,922.70', 24)).toBe(`min(24px, calc(100cqi / ${textEms('29,777,922.70')}))`);
    // A longer amount needs more em, so it shrinks sooner.
    expect(textEms('-29,777,922.70')).toBeGreaterThan(textEms('29,777,922.70'));
  });

  it('counts a Chinese character as a square', () => {
    expect(textEms('港元')).toBeGreaterThanOrEqual(2);
  });
});
