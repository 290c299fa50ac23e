/**
 * Runs `task` once the browser is idle (after the page's own work, so it never lengthens it), at
 * the latest after `timeout` ms; where the browser has no idle callbacks, after `timeout` ms.
 * Returns a cancel.
 */
export function whenIdle(task: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, timeout);
  return () => window.clearTimeout(id);
}
