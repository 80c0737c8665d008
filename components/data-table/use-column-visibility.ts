'use client';

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { DataColumn } from '@/lib/data-table/columns';

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
export function useColumnVisibility<Row>(tableId: string, userId: number, columns: readonly DataColumn<Row>[]) {
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
