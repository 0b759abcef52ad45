/** How long an idle callback may wait on a busy page before it runs anyway. */
const IDLE_TIMEOUT_MS = 5_000;

/**
 * Runs `task` once the page has loaded and the main thread is idle, so that
 * analytics never compete with the first paint or hydration (rules 31, 32).
 * Safari has no `requestIdleCallback`: a timer after `load` stands in.
 */
export function whenIdle(task: () => void): void {
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(task, 1);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
