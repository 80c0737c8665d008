/**
 * Runs `task` once the browser has nothing more urgent to do, and returns its cancellation. Safari has
 * no requestIdleCallback: there the task waits a second, which is after a page's hydration.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task);
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1000);
  return () => clearTimeout(id);
}
