import { axisAmount, axisLetters, clipLabel, compareWeeks, shortDay, storeAxisLabels, valueAxisMin } from '@/lib/dashboard/figures';

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

describe('the top-5 stores on the axis', () => {
  const width = (text: string) => [...text].reduce((sum, char) => sum + ((char.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1), 0);
  const stores = (...names: string[]) => names.map((name, i) => ({ name, code: `S000${i + 1}` }));
  const GOLDEN = stores(
    'Golden Harbour Bakery (Sha Tin)',
    'Golden Harbour Seafood Restaurant (Central and Western)',
    'Golden Harbour Seafood Restaurant (Wan Chai)',
    'Golden Harbour Seafood Restaurant (Kwun Tong)',
    'Golden Harbour Seafood Restaurant (Yau Tsim Mong)',
  );

  it.each([12, 17, 22, 30])('tells every store apart in two lines of %i letters, none wider', (letters) => {
    const labels = storeAxisLabels(GOLDEN, letters);
    expect(new Set(labels.map((lines) => lines.join(' '))).size).toBe(5);
    for (const lines of labels) {
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(width(line)).toBeLessThanOrEqual(letters);
    }
  });

  it('leaves out the words every name begins with and keeps the district', () => {
    expect(storeAxisLabels(GOLDEN, 22)).toEqual([
      ['Bakery (Sha Tin)'],
      ['Seafood Restaurant', '(Central and Western)'],
      ['Seafood Restaurant', '(Wan Chai)'],
      ['Seafood Restaurant', '(Kwun Tong)'],
      ['Seafood Restaurant', '(Yau Tsim Mong)'],
    ]);
  });

  it('keeps whole names of different businesses, wrapped at spaces', () => {
    expect(storeAxisLabels(stores('Lantau Pharmacy (Islands)', 'Victoria Peak Cafe (Wan Chai)'), 20)).toEqual([
      ['Lantau Pharmacy', '(Islands)'],
      ['Victoria Peak Cafe', '(Wan Chai)'],
    ]);
  });

  it('wraps Chinese names between characters, brackets with their words', () => {
    const labels = storeAxisLabels(stores('金港海鮮酒家（中西區）', '金港海鮮酒家（灣仔）', '金港餅店（沙田）'), 12);
    expect(labels).toEqual([['海鮮酒家', '（中西區）'], ['海鮮酒家', '（灣仔）'], ['餅店（沙田）']]);
  });

  it('names alike after cutting (or at all) get their store code', () => {
    const labels = storeAxisLabels(stores('Harbour Seafood Restaurant Number One (Central)', 'Harbour Seafood Restaurant Number Two (Central)', 'Bakery', 'Bakery'), 14);
    expect(new Set(labels.map((lines) => lines.join(' '))).size).toBe(4);
    expect(labels.at(-1)).toEqual(['Bakery', 'S0004']);
  });
});

describe('the value axes', () => {
  it('start at zero unless a value is negative', () => {
    expect(valueAxisMin([0, 0, 0])).toBe(0);
    expect(valueAxisMin([12.5, 3])).toBe(0);
    expect(valueAxisMin([12.5, -3])).toBeUndefined();
  });

  it('show round steps whole, grouped, in the reader language', () => {
    expect(axisAmount(2000, 'en')).toBe('2,000');
    expect(axisAmount(1500000, 'zh-Hant-TW')).toBe('1,500,000');
    expect(axisAmount(0.5, 'en')).toBe('0.5');
  });
});

describe('a district in brackets', () => {
  it('goes whole to the second line rather than being split', () => {
    expect(storeAxisLabels([{ name: 'Golden Harbour Seafood Restaurant (Kwun Tong)', code: 'S1' }, { name: 'Golden Harbour Tea House (Wan Chai)', code: 'S2' }], 24)).toEqual([
      ['Seafood Restaurant', '(Kwun Tong)'],
      ['Tea House (Wan Chai)'],
    ]);
  });
});

describe('a name that wraps to three lines', () => {
  it('is cut in the middle until it takes two, never losing its end unmarked', () => {
    const labels = storeAxisLabels(
      [
        { name: 'Golden Harbour Tea House (Central and Western)', code: 'S1' },
        { name: 'Golden Harbour Bakery (Sha Tin)', code: 'S2' },
      ],
      18,
    );
    expect(labels[0]).toHaveLength(2);
    expect(labels[0]?.join(' ')).toContain('…');
    expect(labels[0]?.join(' ').endsWith('Western)')).toBe(true);
    expect(labels[1]).toEqual(['Bakery (Sha Tin)']);
  });
});
