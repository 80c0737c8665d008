import { BR_WARNING_DAYS, brExpiryState } from '@/lib/merchants/br-expiry';

const TODAY = { year: 2026, month: 11, day: 23 };

describe('business registration expiry', () => {
  it.each([
    ['2026-11-22', 'expired'],
    ['2025-01-01', 'expired'],
    ['2026-11-23', 'expiring'],
    ['2026-12-23', 'expiring'],
    ['2026-12-24', 'valid'],
    ['2028-02-29', 'valid'],
  ])('%s is %s on 2026-11-23', (expiry, state) => {
    expect(brExpiryState(expiry, TODAY)).toBe(state);
  });

  it(`warns from ${BR_WARNING_DAYS} days before the expiry, across a month and a year end`, () => {
    expect(brExpiryState('2027-01-01', { year: 2026, month: 12, day: 2 })).toBe('expiring');
    expect(brExpiryState('2027-01-01', { year: 2026, month: 12, day: 1 })).toBe('valid');
  });

  it.each([null, undefined, '', '2026-02-30', 'soon'])('gives %p no state', (expiry) => {
    expect(brExpiryState(expiry, TODAY)).toBeUndefined();
  });
});
