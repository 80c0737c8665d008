import { act, renderHook } from '@testing-library/react';
import { useColumnVisibility } from '@/components/data-table/use-column-visibility';
import type { ListColumn } from '@/lib/list-kit/definition';

const columns = [
  { id: 'date', label: 'a' },
  { id: 'fee', label: 'b', optional: true },
  { id: 'tip', label: 'c', optional: true },
  { id: 'batch', label: 'd', optional: true },
] as unknown as readonly ListColumn[];

describe('the columns a user shows', () => {
  beforeEach(() => localStorage.clear());

  it('keeps every box ticked in quick succession, before the table has drawn the first choice', () => {
    const { result } = renderHook(() => useColumnVisibility('settleWxAli', 7, columns));
    // Three ticks from one render's setter: a menu drawn before the first choice landed still calls it.
    const [, setVisible] = result.current;
    act(() => {
      setVisible('fee', true);
      setVisible('tip', true);
      setVisible('batch', true);
    });
    expect(result.current[0]).toEqual({ date: true, fee: true, tip: true, batch: true });
    expect(JSON.parse(localStorage.getItem('portal_columns:7:settleWxAli') ?? '{}')).toMatchObject({ fee: true, tip: true, batch: true });
  });

  it('hides an essential column when asked and is the same for a second reader of the table', () => {
    const first = renderHook(() => useColumnVisibility('settleWxAli', 7, columns));
    const second = renderHook(() => useColumnVisibility('settleWxAli', 7, columns));
    act(() => first.result.current[1]('date', false));
    expect(second.result.current[0]).toEqual({ date: false, fee: false, tip: false, batch: false });
  });

  it('falls back to the defaults when what is stored is not JSON', () => {
    localStorage.setItem('portal_columns:7:settleWxAli', '{not json');
    const { result } = renderHook(() => useColumnVisibility('settleWxAli', 7, columns));
    expect(result.current[0]).toEqual({ date: true, fee: false, tip: false, batch: false });
    act(() => result.current[1]('tip', true));
    expect(result.current[0]).toEqual({ date: true, fee: false, tip: true, batch: false });
  });
});
