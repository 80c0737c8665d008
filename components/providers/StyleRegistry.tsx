'use client';

import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { useServerInsertedHTML } from 'next/navigation';
import { useState, type ReactNode } from 'react';

type StyleCache = ReturnType<typeof createCache>;

/**
 * The server's one style cache for every request. antd derives its theme's tokens and writes them
 * as CSS variables through this cache; `@ant-design/nextjs-registry` gives each request a new one,
 * so every page computed the same variables again (8 % of a render's CPU, docs/performance.md). The
 * portal has one theme, whatever the user or language, so what one render computed serves all.
 */
const shared: StyleCache | undefined = typeof window === 'undefined' ? createCache() : undefined;

interface RequestView {
  /** What this render reads and writes: the shared cache, with the keys it used recorded. */
  cache: StyleCache;
  used: Set<string>;
  /** Keys whose styles this response has already carried (the HTML is flushed in parts). */
  sent: Set<string>;
}

function requestView(cache: StyleCache): RequestView {
  const used = new Set<string>();
  const view = Object.create(cache) as StyleCache;
  view.opGet = (key) => {
    used.add(key);
    return cache.opGet(key);
  };
  view.opUpdate = (key, update) => {
    used.add(key);
    cache.opUpdate(key, update);
  };
  return { cache: view, used, sent: new Set() };
}

/**
 * antd's style registry for the App Router, as `@ant-design/nextjs-registry`'s, but over the shared
 * cache: each response still carries only the styles its own render used (not every page's), in
 * the same `<style id="antd-cssinjs">` the browser's cssinjs recognises.
 */
export function StyleRegistry({ children }: { children: ReactNode }) {
  const [view] = useState<RequestView | { cache: StyleCache }>(() => (shared ? requestView(shared) : { cache: createCache() }));
  useServerInsertedHTML(() => {
    if (!shared || !('used' in view)) return null;
    const fresh = [...view.used].filter((key) => !view.sent.has(key) && shared.cache.has(key));
    if (fresh.length === 0) return null;
    for (const key of fresh) view.sent.add(key);
    // extractStyle reads only these three fields: the shared entries this response has not carried yet.
    const part = { cache: new Map(fresh.map((key) => [key, shared.cache.get(key)])), updateTimes: shared.updateTimes, extracted: new Set<string>() } as unknown as StyleCache;
    return <style id="antd-cssinjs" data-rc-order="prepend" data-rc-priority="-1000" dangerouslySetInnerHTML={{ __html: extractStyle(part, { plain: true }) }} />;
  });
  return <StyleProvider cache={view.cache}>{children}</StyleProvider>;
}
