/**
 * Rule 17: a reload of a path is remembered in sessionStorage for 10 s; a
 * second reload of the same path inside that window does nothing, so a
 * chunk that is really gone can never cause a reload loop.
 */
const RELOAD_GUARD_KEY = 'marea:reload-guard';
export const RELOAD_GUARD_MS = 10_000;

interface Guard {
  path: string;
  expires: number;
}

function readGuard(): Guard | null {
  try {
    const raw = sessionStorage.getItem(RELOAD_GUARD_KEY);
    return raw ? (JSON.parse(raw) as Guard) : null;
  } catch {
    return null;
  }
}

/** Full load of `path` unless the same path was reloaded less than 10 s ago. Returns whether it reloads. */
export function reloadOnce(path: string, now = Date.now()): boolean {
  const guard = readGuard();
  if (guard && guard.path === path && guard.expires > now) return false;
  try {
    sessionStorage.setItem(RELOAD_GUARD_KEY, JSON.stringify({ path, expires: now + RELOAD_GUARD_MS }));
  } catch {
    // Storage can be full or disabled: reload anyway; the loop guard is then the browser's.
  }
  window.location.assign(path);
  return true;
}
