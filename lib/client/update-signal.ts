'use client';

/**
 * "The services run a newer version" (spec section 4): set by a page's announcement or a route
 * handler's header, read by the update prompt. A tiny external store, so that an announcement made
 * before the prompt subscribed is not lost.
 */
let announced = false;
const listeners = new Set<() => void>();

export function announceUpdate() {
  if (announced) return;
  announced = true;
  for (const listener of listeners) listener();
}

export function subscribeUpdate(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const updateAnnounced = () => announced;
