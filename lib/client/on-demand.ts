'use client';

import type { ComponentType } from 'react';
import { announceUpdate } from './update-signal';

const Nothing = () => null;

/**
 * A component's code loaded on demand (`next/dynamic`), which a deployment can have replaced since
 * the page loaded: a chunk that cannot be fetched brings up the portal's update prompt, translated
 * and asking for a reload, instead of failing the page to the framework's own error screen (at
 * 1024 px the sidebar's drawer took the whole page down so). Preloads keep the plain loader: a
 * head start that fails says nothing.
 */
export function orUpdatePrompt<Props>(load: () => Promise<ComponentType<Props>>): () => Promise<ComponentType<Props>> {
  return () =>
    load().catch(() => {
      announceUpdate();
      return Nothing as ComponentType<Props>;
    });
}
