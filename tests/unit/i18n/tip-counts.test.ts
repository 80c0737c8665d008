import { createTranslator } from 'next-intl';
import { LANGUAGE_TAGS, LANGUAGES } from '@/lib/i18n/languages';
import en from '@/messages/en.json';
import zhCN from '@/messages/zhCN.json';
import zhTW from '@/messages/zhTW.json';

const MESSAGES = { en, zhTW, zhCN };

/** The smart tips' counts are passed as numbers (English needs them for its plurals): every language must still group their thousands. */
describe.each(LANGUAGES)("the %s smart tips' counts", (language) => {
  const t = createTranslator({ locale: LANGUAGE_TAGS[language], messages: MESSAGES[language] as never, namespace: 'tips.text' as never });
  const values = { count: 1234, amount: 'HKD 1.00', share: 10, days: 28, from: '09:00', to: '10:00', weekday: 'Monday', day: '2026-11-23', net: 'HKD 1.00', medianCount: 5, medianNet: 'HKD 1.00', weeks: 8 };
  it.each(['BUSY_HOUR', 'BUSY_WEEKDAY', 'LOW_DAY'])('%s shows 1,234', (kind) => {
    expect(t(kind as never, values as never)).toContain('1,234');
  });
});
