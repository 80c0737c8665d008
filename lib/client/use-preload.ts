'use client';

import { useEffect } from 'react';
import { whenIdle } from './when-idle';

/**
 * Loads a dialog's or drawer's code when the browser is idle after the page, so that its first
 * opening seldom waits. Only a head start: a chunk that could not be fetched is asked for again
 * when the component is first rendered.
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => whenIdle(() => void load().catch(() => undefined)), [load]);
}
