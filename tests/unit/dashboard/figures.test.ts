import { compareWeeks, shortDay } from '@/lib/dashboard/figures';

const week = (...amounts: string[]) => amounts.map((amount, i) => ({ day: `2026111${i}`, count: 1, amount }));

describe('compareWeeks', () => {
  it('adds the days exactly and gives the change to one decimal', () => {
    const result = compareWeeks(week('0.10', '0.20', '0', '0', '0', '0', '0'), week('0.10', '0.10', '0', '0', '0', '0', '0'));
    expect(result).toEqual({ current: '0.30', previous: '0.20', changePercent: '50.0', direction: 'up' });
  });

  it('measures a fall against the size of the previous week, even when that week was negative', () => {
    expect(compareWeeks(week('-150.00'), week('-100.00'))).toEqual({ current: '-150.00', previous: '-100.00', changePercent: '-50.0', direction: 'down' });
  });

  it('has no percentage when the previous week had nothing', () => {
    expect(compareWeeks(week('12.00'), week('0.00'))).toMatchObject({ changePercent: null, direction: 'up' });
    expect(compareWeeks(week('0.00'), week('0.00'))).toMatchObject({ changePercent: null, direction: 'flat' });
  });

  it('keeps every digit of large amounts', () => {
    expect(compareWeeks(week('9999999999999.99', '0.01'), week('1')).current).toBe('10000000000000.00');
  });
});

describe('shortDay', () => {
  it('shows month and day', () => expect(shortDay('20261121')).toBe('11-21'));
});
