import { formatAmount, formatCount, formatMoney, formatMoneySum } from '@/lib/format/money';
import { parseDecimal, sumDecimals, toFixedDecimal } from '@/lib/format/decimal';

describe('formatAmount', () => {
  it.each([
    ['0', '0.00'],
    ['1', '1.00'],
    ['1234.5', '1,234.50'],
    ['1234567.891', '1,234,567.89'],
    ['999.995', '1,000.00'],
    ['-1234.565', '-1,234.57'],
    ['0.005', '0.01'],
    ['-0.004', '0.00'],
    ['-0', '0.00'],
    ['-0.00', '0.00'],
    ['.5', '0.50'],
    ['+12', '12.00'],
    ['  42.1 ', '42.10'],
    ['000123.40', '123.40'],
  ])('formats %p as %p', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('keeps every digit of amounts longer than a double can hold', () => {
    expect(formatAmount('123456789012345678.995')).toBe('123,456,789,012,345,679.00');
    expect(formatAmount('9007199254740993.01')).toBe('9,007,199,254,740,993.01');
    expect(formatAmount('12345678901234567890')).toBe('12,345,678,901,234,567,890.00');
  });

  it('shows no float drift for numbers', () => {
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount(-0)).toBe('0.00');
  });

  it.each([['abc'], ['1,234.50'], ['1e5'], ['12.3.4'], [''], ['-'], ['.'], [' '], ['0x10'], ['Infinity'], ['NaN']])(
    'refuses %p with a dash',
    (input) => {
      expect(formatAmount(input)).toBe('-');
    },
  );

  it.each([[null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY]])('shows a dash for %p', (input) => {
    expect(formatAmount(input)).toBe('-');
  });
});

describe('formatMoney', () => {
  it('prefixes HKD', () => {
    expect(formatMoney('1234.5')).toBe('HKD 1,234.50');
    expect(formatMoney('-0.001')).toBe('HKD 0.00');
  });
  it('shows a dash, not "HKD -", for garbage', () => {
    expect(formatMoney('garbage')).toBe('-');
  });
});

describe('formatMoneySum', () => {
  it('adds exactly and shows money', () => {
    expect(formatMoneySum(['0.10', '0.20', '1234.005'])).toBe('HKD 1,234.31');
    expect(formatMoneySum(['1', 'garbage'])).toBe('-');
  });
});

describe('formatCount', () => {
  it('groups whole numbers', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount('0')).toBe('0');
  });
  it('refuses fractions and garbage', () => {
    expect(formatCount('1.5')).toBe('-');
    expect(formatCount('x')).toBe('-');
  });
});

describe('decimal arithmetic', () => {
  it('sums exactly', () => {
    const total = sumDecimals(['0.1', '0.2', 0.3, '1234567890123456.78']);
    expect(total && toFixedDecimal(total)).toBe('1234567890123457.38');
  });
  it('refuses a sum with an unreadable entry rather than skipping it', () => {
    expect(sumDecimals(['1.00', 'oops'])).toBeNull();
  });
  it('parses only plain decimals', () => {
    expect(parseDecimal('12.50')?.toString()).toBe('12.5');
    expect(parseDecimal('1e3')).toBeNull();
    expect(parseDecimal({} as unknown as string)).toBeNull();
  });
});
