import { maskAccountNumber } from '@/lib/format/account-number';

describe('maskAccountNumber', () => {
  it('keeps the last 4 characters and the separators, hides the rest', () => {
    expect(maskAccountNumber('004-123456-001')).toBe('***-*****6-001');
    expect(maskAccountNumber('1234567890')).toBe('******7890');
  });
  it('leaves short numbers whole (nothing to hide beyond the last 4)', () => {
    expect(maskAccountNumber('1234')).toBe('1234');
    expect(maskAccountNumber('')).toBe('');
  });
});
