import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';

/** The batch refund upload speaks of one row or request in the singular (the sweep of 26 November read "Submit 1 good rows"). */
describe('the batch refund upload in English', () => {
  const t = createTranslator({ locale: 'en', messages: en, namespace: 'refund.batch' });

  it('says one row, request and error in the singular, and more in the plural', () => {
    expect(t('submit', { count: 1 })).toBe('Submit 1 good row');
    expect(t('submit', { count: 2 })).toBe('Submit 2 good rows');
    expect(t('preview', { good: 1, total: 1, bad: 0 })).toBe('1 of 1 row can be submitted; 0 have errors.');
    expect(t('preview', { good: 2, total: 3, bad: 1 })).toBe('2 of 3 rows can be submitted; 1 has errors.');
    expect(t('confirmBody', { count: 1, amount: 'HKD 1.03' })).toBe('1 request totalling HKD 1.03 will be sent for approval. Rows with errors are not sent.');
    expect(t('outcome', { created: 1, count: 1, refused: 0 })).toBe('1 of 1 refund request made; 0 refused (see the Result column).');
  });
});
