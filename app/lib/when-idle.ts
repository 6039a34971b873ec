/**
 * Runs `work` once the browser has nothing more urgent to do (or after `timeoutMs` at the latest),
 * in a task of its own; returns a cancel function. Work a page does not need while it starts (a
 * listener for other tabs, a request for something shown seconds later) then stays out of the
 * tasks that hydrate it, where a shopper's tap would wait behind it. Safari has no idle callback:
 * there it is the next task.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 0);
  return () => window.clearTimeout(handle);
}
