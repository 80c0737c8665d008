import { stripEmpty } from '@/lib/query/strip';

describe('stripEmpty', () => {
  it('drops empty strings, null, undefined, empty objects and empty arrays', () => {
    expect(stripEmpty({ a: '', b: null, c: undefined, d: {}, e: [], f: 'x' })).toEqual({ f: 'x' });
  });

  it('keeps falsy values that carry meaning', () => {
    expect(stripEmpty({ page: 0, paging: false, blank: ' ', list: ['11'] })).toEqual({
      page: 0,
      paging: false,
      blank: ' ',
      list: ['11'],
    });
  });

  it('cleans nested objects and drops those it empties', () => {
    expect(stripEmpty({ range: { store: '', merchant: null }, keep: { a: 1, b: '' } })).toEqual({ keep: { a: 1 } });
  });

  it('does not change its input', () => {
    const input = { a: '', b: { c: null } };
    stripEmpty(input);
    expect(input).toEqual({ a: '', b: { c: null } });
  });
});
