import { addDays, daySpan, daysBetween, formatDay8, formatTimestamp14, parseDay, today } from '@/lib/format/date';

describe('formatTimestamp14', () => {
  it('formats 14 digits as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatTimestamp14('20261121153005')).toBe('2026-11-21 15:30:05');
    expect(formatTimestamp14('20240229000000')).toBe('2024-02-29 00:00:00');
  });
  it.each([
    ['20250229000000'],
    ['20261321000000'],
    ['20261121240000'],
    ['20261121236000'],
    ['20261121235960'],
    ['2026112115300'],
    ['202611211530051'],
    ['2026-11-21 15:30'],
    ['abcdefghijklmn'],
    [''],
    [null],
    [undefined],
  ])('shows a dash for %p', (input) => {
    expect(formatTimestamp14(input)).toBe('-');
  });
});

describe('formatDay8', () => {
  it('formats yyyyMMdd', () => {
    expect(formatDay8('20261121')).toBe('2026-11-21');
  });
  it('refuses impossible days and other shapes', () => {
    expect(formatDay8('20261131')).toBe('-');
    expect(formatDay8('2026-11-21')).toBe('-');
  });
});

describe('days', () => {
  it('parses both day shapes', () => {
    expect(parseDay('2026-11-21')).toEqual({ year: 2026, month: 11, day: 21 });
    expect(parseDay('20261121')).toEqual({ year: 2026, month: 11, day: 21 });
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('garbage')).toBeNull();
  });

  it('gives the spec span: first day from 000000, last day to 235959', () => {
    expect(daySpan({ year: 2026, month: 11, day: 1 }, { year: 2026, month: 11, day: 21 })).toEqual({
      start: '20261101000000',
      end: '20261121235959',
    });
  });

  it('reads today in Hong Kong, not in UTC', () => {
    // 2026-11-21 17:30 UTC is already 2026-11-22 01:30 in Hong Kong.
    expect(today(new Date('2026-11-21T17:30:00Z'))).toEqual({ year: 2026, month: 11, day: 22 });
    expect(today(new Date('2026-11-21T15:59:59Z'))).toEqual({ year: 2026, month: 11, day: 21 });
    expect(today(new Date('2026-11-21T17:30:00Z'), 'UTC')).toEqual({ year: 2026, month: 11, day: 21 });
  });

  it('counts days across months and leap years', () => {
    expect(daysBetween({ year: 2024, month: 2, day: 28 }, { year: 2024, month: 3, day: 1 })).toBe(2);
    expect(daysBetween({ year: 2026, month: 3, day: 1 }, { year: 2026, month: 2, day: 28 })).toBe(-1);
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });
});
