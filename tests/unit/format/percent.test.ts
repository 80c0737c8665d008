import { formatPercent } from '@/lib/format/percent';

describe('formatPercent', () => {
  it.each([
    ['1.4500', '1.45%'],
    ['2.1', '2.10%'],
    ['2', '2.00%'],
    ['0.0000', '0.00%'],
    ['1.4375', '1.4375%'],
    // Exact decimal text: no float rounding of a rate with many digits.
    ['0.1000000000000000055511', '0.1000000000000000055511%'],
    [2.95, '2.95%'],
  ])('%s -> %s', (input, shown) => {
    expect(formatPercent(input)).toBe(shown);
  });

  it.each([null, undefined, '', 'abc', '1.2.3'])('shows %p as "-"', (input) => {
    expect(formatPercent(input)).toBe('-');
  });
});
