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
  const visibility = useMemo(() => withChoices(columns, stored), [columns, stored]);
  const setVisible = useCallback(
    (id: string, visible: boolean) => {
      // Merged with what is stored now, not with this render's view: ticks quicker than the table's
      // redraw (a menu drawn before the last choice landed) each keep the others'.
      localStorage.setItem(key, JSON.stringify({ ...withChoices(columns, localStorage.getItem(key)), [id]: visible }));
      window.dispatchEvent(new Event(STORAGE_EVENT));
    },
    [key, columns],
  );
  return [visibility, setVisible] as const;
}

function withChoices(columns: readonly ListColumn[], stored: string | null): Record<string, boolean> {
  const defaults = Object.fromEntries(columns.map((c) => [c.id, !c.optional]));
  try {
    return { ...defaults, ...(JSON.parse(stored ?? '{}') as Record<string, boolean>) };
  } catch {
    return defaults;
  }
}
