import { checkSpan, dayRangeSchema, REFUND_SPAN_DAYS, SEARCH_SPAN_DAYS } from '@/lib/format/span';

describe('span rules', () => {
  it('admits exactly the limit and refuses one day more (366)', () => {
    expect(checkSpan('2025-11-21', '2026-11-22', SEARCH_SPAN_DAYS)).toBeNull();
    expect(checkSpan('2025-11-21', '2026-11-23', SEARCH_SPAN_DAYS)).toBe('spanTooLong');
  });

  it('admits exactly the limit and refuses one day more (30, refunds)', () => {
    expect(checkSpan('2026-10-22', '2026-11-21', REFUND_SPAN_DAYS)).toBeNull();
    expect(checkSpan('2026-10-21', '2026-11-21', REFUND_SPAN_DAYS)).toBe('spanTooLong');
  });

  it('admits a single day and refuses a reversed range', () => {
    expect(checkSpan('20261121', '20261121', REFUND_SPAN_DAYS)).toBeNull();
    expect(checkSpan('2026-11-21', '2026-11-20', REFUND_SPAN_DAYS)).toBe('endBeforeStart');
  });

  it('refuses garbage and impossible days', () => {
    expect(checkSpan('yesterday', '2026-11-21', SEARCH_SPAN_DAYS)).toBe('invalidDate');
    expect(checkSpan('2026-11-21', '2026-02-30', SEARCH_SPAN_DAYS)).toBe('invalidDate');
  });
});

describe('dayRangeSchema', () => {
  const schema = dayRangeSchema(REFUND_SPAN_DAYS);

  it('parses a valid range into days', () => {
    expect(schema.parse({ from: '2026-11-01', to: '2026-11-21' })).toEqual({
      from: { year: 2026, month: 11, day: 1 },
      to: { year: 2026, month: 11, day: 21 },
    });
  });

  it('reports the message key, the field and the limit', () => {
    const result = schema.safeParse({ from: '2026-01-01', to: '2026-11-21' });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.message).toBe('validation.spanTooLong');
    expect(issue?.path).toEqual(['to']);
    expect(issue && 'params' in issue ? issue.params : undefined).toEqual({ maxDays: 30 });
  });

  it('points at the start field when the start is unreadable', () => {
    const result = schema.safeParse({ from: 'nope', to: '2026-11-21' });
    expect(result.error?.issues[0]?.path).toEqual(['from']);
    expect(result.error?.issues[0]?.message).toBe('validation.invalidDate');
  });

  it('refuses wrong types', () => {
    expect(schema.safeParse({ from: 20261101, to: null }).success).toBe(false);
  });
});
