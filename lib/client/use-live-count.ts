'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { postJson } from './api';

/**
 * A count in the shell (pending approvals, unread notices) read through an exposed gateway call: on
 * every navigation and whenever `event` is dispatched on window (an action that changed it). `read`
 * picks the number from the answer; it must be a stable function (module level).
 */
export function useLiveCount<T>(call: string, read: (data: T) => number, { enabled, event, initial = null }: { enabled: boolean; event: string; initial?: number | null }): number | null {
  const pathname = usePathname();
  const [count, setCount] = useState(initial);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const refresh = () =>
      void postJson<T>(`/api/gateway/${call}`, {}).then((result) => {
        if (current && result.ok) setCount(read(result.data));
      });
    refresh();
    window.addEventListener(event, refresh);
    return () => {
      current = false;
      window.removeEventListener(event, refresh);
    };
  }, [pathname, enabled, call, read, event]);
  return count;
}
