import { SCRIPTS_TOUCH, spaceBetweenScripts } from '@/lib/i18n/spacing';

describe('a space between Latin and Chinese text', () => {
  it.each([
    // A Latin name in a Chinese sentence (tips.text.SILENT_STORE, PAYMENT_MIX, collect.storeQrLabel).
    ['Golden Harbour Bakery (Sha Tin)自 2026-11-20 起沒有交易', 'Golden Harbour Bakery (Sha Tin) 自 2026-11-20 起沒有交易'],
    ['Visa佔最近 28 天消費的 31.5%', 'Visa 佔最近 28 天消費的 31.5%'],
    ['Golden Harbour Bakery的Sha Tin收款二維碼', 'Golden Harbour Bakery 的 Sha Tin 收款二維碼'],
  ])('%p -> %p', (text, spaced) => {
    expect(spaceBetweenScripts(text)).toBe(spaced);
    expect(SCRIPTS_TOUCH.test(spaceBetweenScripts(text))).toBe(false);
    expect(SCRIPTS_TOUCH.test(text)).toBe(true);
  });

  it.each([
    // Chinese names and Chinese punctuation need no space; spaced text stays as it is.
    '金港海鮮酒家（中西區）自 2026-11-20 起沒有交易',
    '最近 7 天：2026-11-20 至 2026-11-26',
    '參考編號（RRN）：123456789012',
    '歡迎，Chan Tai Man',
    'PDF、JPEG 或 PNG',
    'No Chinese here (at all) 100%',
    // Figures are the messages' own to space; an address writes its number against the street.
    '彌敦道12號',
    '共3筆',
  ])('leaves %p alone', (text) => {
    expect(spaceBetweenScripts(text)).toBe(text);
    expect(SCRIPTS_TOUCH.test(text)).toBe(false);
  });
});
