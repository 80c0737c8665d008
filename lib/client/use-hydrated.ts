'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and in the render that hydrates it, true in every render of the
 * browser's own after that (React renders again once hydration is done).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
