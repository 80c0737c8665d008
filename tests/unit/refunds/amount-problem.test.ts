import { amountProblem } from '@/lib/refunds/codes';

describe("a refund amount against its transaction's figures (lib/refunds/codes.ts)", () => {
  const limits = { transAmount: '386.47', balance: '289.85' };

  it('names the refundable balance when the amount is over it, even when it is over the transaction amount too', () => {
    expect(amountProblem('300.00', limits)).toEqual({ key: 'refund.errors.overBalance', values: { balance: '289.85' } });
    expect(amountProblem('400', limits)).toEqual({ key: 'refund.errors.overBalance', values: { balance: '289.85' } });
  });

  it('accepts the whole balance, and refuses a transaction with nothing left', () => {
    expect(amountProblem('289.85', limits)).toBeNull();
    expect(amountProblem('1', { transAmount: '10.00', balance: '0.00' })).toEqual({ key: 'refund.errors.nothingToRefund' });
  });

  it('checks the form of the amount first', () => {
    expect(amountProblem('', limits)).toEqual({ key: 'refund.errors.amountRequired' });
    expect(amountProblem('1.234', limits)).toEqual({ key: 'refund.errors.amountFormat' });
    expect(amountProblem('0', limits)).toEqual({ key: 'refund.errors.amountPositive' });
    // A minus sign is told as "more than 0", not as a format slip.
    expect(amountProblem('-5', limits)).toEqual({ key: 'refund.errors.amountPositive' });
    expect(amountProblem('-5.123', limits)).toEqual({ key: 'refund.errors.amountPositive' });
  });
});
