import { axisLetters, clipLabel, compareWeeks, shortDay } from '@/lib/dashboard/figures';

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

describe("a store's name on the chart's axis", () => {
  const width = (text: string) => [...text].reduce((sum, char) => sum + ((char.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1), 0);

  it('stays whole when it fits, and is cut in the middle, keeping its end, when it does not', () => {
    expect(clipLabel('Harbour Bakery (Sha Tin)', 30)).toBe('Harbour Bakery (Sha Tin)');
    const clipped = clipLabel('Golden Harbour Bakery (Sha Tin)', 18);
    expect(clipped).toBe('Golde…ry (Sha Tin)');
    expect(width(clipped)).toBeLessThanOrEqual(18);
  });

  it('counts a Chinese character as two letters', () => {
    const clipped = clipLabel('金港麵包西餅店（沙田新城市廣場）', 18);
    expect(width(clipped)).toBeLessThanOrEqual(18);
    expect(clipped.endsWith('廣場）')).toBe(true);
    expect(clipped).toContain('…');
  });

  it('gives a phone-width chart fewer letters than a desktop one, within 12 to 30', () => {
    expect(axisLetters(300)).toBe(17);
    expect(axisLetters(100)).toBe(12);
    expect(axisLetters(900)).toBe(30);
  });
});
