import * as OpenCC from 'opencc-js';
import { localField, localName, nameAndNumber, scriptOf, withLocalNames } from '@/lib/i18n/names';
import { BANKS, CUSTOMERS, DISTRICTS, PARTNERS } from '@/upstream/seed/reference-data';

const names = { name: 'Golden Harbour Bakery', cname: '金港餅店', cnameHans: '金港饼店' };

describe('a name in the reader\'s language', () => {
  it('is English in English, Traditional in zhTW and Simplified in zhCN, by language or BCP 47 tag', () => {
    for (const locale of ['en', 'en-GB']) expect(localName(locale, names)).toBe('Golden Harbour Bakery');
    for (const locale of ['zhTW', 'zh-Hant-TW', 'zh-TW', 'zh-HK', 'zh-MO']) expect({ locale, name: localName(locale, names) }).toEqual({ locale, name: '金港餅店' });
    for (const locale of ['zhCN', 'zh-Hans-CN', 'zh-CN', 'zh']) expect({ locale, name: localName(locale, names) }).toEqual({ locale, name: '金港饼店' });
    expect(['en', 'zhTW', 'zh-Hant-TW', 'zhCN', 'zh-Hans-CN'].map(scriptOf)).toEqual(['latin', 'hant', 'hant', 'hans', 'hans']);
  });

  it('falls back to the other Chinese script before English, and to English only where no Chinese name exists', () => {
    expect(localName('zhCN', { name: 'Bakery', cname: '餅店' })).toBe('餅店');
    expect(localName('zhTW', { name: 'Bakery', cnameHans: '饼店' })).toBe('饼店');
    for (const empty of [undefined, null, '', '  ']) {
      expect(localName('zhTW', { name: 'Bakery', cname: empty, cnameHans: empty })).toBe('Bakery');
      expect(localName('zhCN', { name: 'Bakery', cname: empty, cnameHans: empty })).toBe('Bakery');
    }
    expect(localName('en', { name: '', cname: '餅店' })).toBe('餅店');
  });

  it('reads a row\'s name field from its companions, and a row keeps one name per field', () => {
    const row = { store_code: 'S000001', store_name: 'Bakery (Wan Chai)', store_cname: '金港餅店（灣仔）', store_cname_hans: '金港饼店（湾仔）', business_name: 'Bakery', trans_amount: '1.00' };
    expect(localField('zhCN', row, 'store_name')).toBe('金港饼店（湾仔）');
    expect(withLocalNames('zh-Hans-CN', row)).toEqual({ store_code: 'S000001', store_name: '金港饼店（湾仔）', business_name: 'Bakery', trans_amount: '1.00' });
    expect(withLocalNames('zh-Hant-TW', row)).toMatchObject({ store_name: '金港餅店（灣仔）' });
    expect(withLocalNames('en', row)).toEqual({ store_code: 'S000001', store_name: 'Bakery (Wan Chai)', business_name: 'Bakery', trans_amount: '1.00' });
    const plain = { store_name: 'Bakery', roleName: 'Maker', roleCName: '申请员' };
    expect(withLocalNames('zhCN', plain)).toBe(plain);
  });

  it('names a choice "name (number)", the number alone without a name', () => {
    expect(nameAndNumber('金港饼店', '852000100000002')).toBe('金港饼店 (852000100000002)');
    expect(nameAndNumber('', '852000100000002')).toBe('852000100000002');
    expect(nameAndNumber('852000100000002', '852000100000002')).toBe('852000100000002');
  });
});

describe("the demo data's names", () => {
  const toSimplified = OpenCC.Converter({ from: 'hk', to: 'cn' });
  const pairs: [string, string][] = [
    ...PARTNERS.map((p): [string, string] => [p.cname, p.cname_hans]),
    ...BANKS.map((b): [string, string] => [b.ch_name, b.ch_name_hans]),
    ...CUSTOMERS.flatMap((c) => [[c.customer_cname, c.customer_cname_hans] as [string, string], ...c.merchants.map((m): [string, string] => [m.business_cname, m.business_cname_hans])]),
    ...DISTRICTS.flatMap((d): [string, string][] => [[d.cn, d.cn_hans], [d.district_cname, d.district_cname_hans]]),
  ];

  it('write each Simplified name as OpenCC converts its Traditional one', () => {
    for (const [hant, hans] of pairs) expect({ hant, hans }).toEqual({ hant, hans: toSimplified(hant) });
  });

  it('have a Chinese name in each script for every organisation, merchant and district', () => {
    for (const [hant, hans] of pairs) expect(Boolean(hant && hans)).toBe(true);
  });
});
