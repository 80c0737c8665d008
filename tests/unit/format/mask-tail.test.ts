import { maskTail } from '@/lib/data-table/columns';

describe('maskTail', () => {
  it('shows only the last 4 digits of an account number, whatever its separators', () => {
    expect(maskTail('004-123456-001')).toBe('•••• 6001');
    expect(maskTail('4111 1111 1111 1234')).toBe('•••• 1234');
  });
  it('reads a masked number the same again, and hides a number of 4 or fewer entirely', () => {
    expect(maskTail(maskTail('004-123456-001'))).toBe('•••• 6001');
    expect(maskTail('1234')).toBe('••••');
  });
});
