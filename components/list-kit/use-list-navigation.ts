'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';

/**
 * How long a search waits for the client router before the browser loads the address itself. The
 * router moves the address only once the server's answer has come, and a loaded server can take
 * several seconds: taking a slow answer for a dropped push loads the page twice and leaves the
 * address twice in the history (Back then stays on the same list).
 */
const NAVIGATION_FALLBACK_MS = 15_000;

/**
 * Moves a list to another URL (its values live there) and says whether it is loading. The view is
 * loading from the moment another URL is asked for until the URL changes (to that page, or to any
 * other by back and forward): tied to the URL, not to a transition, since a transition that never
 * settled once left a form stuck (docs/decisions.md, "Client navigation that never arrives").
 */
export function useListNavigation() {
  const router = useRouter();
  const pathname = usePathname();
  const shown = useSearchParams().toString();
  const [leaving, setLeaving] = useState<string | null>(null);
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    setLeaving(null);
  }

  const go = (search: string) => {
    // The same values searched again ask the services again: the rows may have changed, and a
    // session ended elsewhere is noticed there (issue 28), not left showing the old rows.
    if (search === shown) return router.refresh();
    setLeaving(shown);
    const url = `${pathname}?${search}`;
    router.push(url);
    // Under load Next's client router has been seen to drop a navigation without asking the server:
    // when the address has not moved after a while, the browser loads it.
    window.setTimeout(() => {
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- the fallback for a push the router dropped
      if (window.location.search.replace(/^\?/, '') === shown) window.location.assign(url);
    }, NAVIGATION_FALLBACK_MS);
  };
  return { go, loading: leaving === shown };
}
