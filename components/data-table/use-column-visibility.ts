'use client';

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { ListColumn } from '@/lib/list-kit/definition';

const visibilityKey = (tableId: string, userId: number) => `portal_columns:${userId}:${tableId}`;

/** Column choices live in localStorage; this event lets every reader re-read them when they change. */
const STORAGE_EVENT = 'portal:columns';
function subscribeStorage(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(STORAGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(STORAGE_EVENT, onChange);
  };
}

/**
 * Which columns of a list this user shows (optional ones hidden until chosen), remembered per user
 * and table: the table draws them and the export writes the same ones.
 */
export function useColumnVisibility(tableId: string, userId: number, columns: readonly ListColumn[]) {
  const key = visibilityKey(tableId, userId);
  const stored = useSyncExternalStore(subscribeStorage, () => localStorage.getItem(key), () => null);
  const visibility = useMemo<Record<string, boolean>>(() => {
    const defaults = Object.fromEntries(columns.map((c) => [c.id, !c.optional]));
    try {
      return { ...defaults, ...(JSON.parse(stored ?? '{}') as Record<string, boolean>) };
    } catch {
      return defaults;
    }
  }, [columns, stored]);
  const setVisible = useCallback(
    (id: string, visible: boolean) => {
      localStorage.setItem(key, JSON.stringify({ ...visibility, [id]: visible }));
      window.dispatchEvent(new Event(STORAGE_EVENT));
    },
    [key, visibility],
  );
  return [visibility, setVisible] as const;
}
