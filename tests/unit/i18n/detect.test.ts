import { detectLanguage, parseAcceptLanguage } from '@/lib/i18n/detect';

describe('detectLanguage', () => {
  it.each([
    // [cookie, Accept-Language, expected]
    ['zhCN', 'en-US,en;q=0.9', 'zhCN'],
    ['en', 'zh-TW', 'en'],
    ['zhTW', undefined, 'zhTW'],
    ['klingon', 'zh-HK', 'zhTW'],
    [undefined, 'zh-TW', 'zhTW'],
    [undefined, 'zh-HK', 'zhTW'],
    [undefined, 'zh-MO', 'zhTW'],
    [undefined, 'zh-Hant', 'zhTW'],
    [undefined, 'zh-Hant-HK', 'zhTW'],
    [undefined, 'zh_TW', 'zhTW'],
    [undefined, 'zh-CN', 'zhCN'],
    [undefined, 'zh-SG', 'zhCN'],
    [undefined, 'zh-Hans', 'zhCN'],
    [undefined, 'zh-Hans-HK', 'zhCN'],
    [undefined, 'zh', 'zhCN'],
    [undefined, 'en-GB', 'en'],
    [undefined, 'fr-FR', 'en'],
    [undefined, 'fr-FR,zh-TW;q=0.8', 'zhTW'],
    [undefined, 'en;q=0.5,zh-CN;q=0.9', 'zhCN'],
    [undefined, 'zh-TW;q=0,en;q=0.1', 'en'],
    [undefined, '*', 'en'],
    [undefined, '', 'en'],
    [undefined, ';;;,,,q=abc', 'en'],
    [undefined, undefined, 'en'],
    [undefined, null, 'en'],
  ])('cookie %p, Accept-Language %p -> %p', (cookie, accept, expected) => {
    expect(detectLanguage(cookie, accept)).toBe(expected);
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by quality, keeping header order among equals', () => {
    expect(parseAcceptLanguage('fr;q=0.5, zh-TW, en;q=0.5, de;q=0.9')).toEqual(['zh-TW', 'de', 'fr', 'en']);
  });
});
