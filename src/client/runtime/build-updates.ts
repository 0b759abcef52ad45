import { normalizePath } from '../../shared/routes.js';
import { whenIdle } from '../lib/idle.js';
import { connectionHints } from './connection.js';

/**
 * Rules 13–16: the client notices a newer build. Pages do not carry the
 * build id (an edit would then rewrite every page; see docs/architecture.md,
 * "Incremental builds"): at start the client reads `/builds/latest.json`
 * once to learn the build it belongs to. After the app is idle and 1 s has
 * passed it reads that build's meta file once (skipped on slow-2g); then
 * every 60 minutes it fetches `/builds/latest.json?{timestamp}` (never from
 * a cache). When the id differs from the page's, an update is signalled once
 * and polling stops; the next navigation is then a full page load (the
 * loader asks `mustReload`). Errors are ignored: polling goes on (a failed
 * start-up read makes the first poll the page's build), and a missing or
 * malformed meta file (HTML fallback, 404, 403) blocks nothing. A deploy
 * that lands between the HTML and the start-up read changes nothing unsafe:
 * payloads of another release are never rendered (client-loader.ts, rule 18).
 */
export const POLL_INTERVAL_MS = 60 * 60 * 1000;
const WARMUP_DELAY_MS = 1000;

interface Meta {
  id: string;
  prerendered: string[];
}

const state = { updated: false, prerendered: null as Set<string> | null, buildId: null as string | null };

export function updateSignalled(): boolean {
  return state.updated;
}

/**
 * Rule 16 (and a cheap 404): after an update every navigation is a full
 * load; a path the meta file does not list is not a built page, so loading
 * it in full gives the CDN's 404 page at once.
 */
export function mustReload(path: string): boolean {
  return state.updated || (state.prerendered !== null && !state.prerendered.has(normalizePath(path)));
}

function isSlow2g(): boolean {
  return connectionHints()?.effectiveType === 'slow-2g';
}

async function readJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

async function warmUp(buildId: string): Promise<void> {
  const meta = await readJson<Meta>(`/builds/meta/${encodeURIComponent(buildId)}.json`);
  if (meta && meta.id === buildId && Array.isArray(meta.prerendered)) state.prerendered = new Set(meta.prerendered.map(normalizePath));
}

/** The id of the build this page belongs to, once known (rule 13). */
export function pageBuildId(): string | null {
  return state.buildId;
}

const readLatest = async (): Promise<string | null> => {
  const latest = await readJson<{ id?: unknown }>(`/builds/latest.json?${Date.now()}`);
  return latest && typeof latest.id === 'string' ? latest.id : null;
};

/** Starts watching for a newer build; returns a stop function. */
export function watchBuilds(onUpdate: () => void = () => {}): () => void {
  let stopped = false;
  const started = readLatest().then((id) => {
    if (!stopped && id !== null && state.buildId === null) state.buildId = id;
    return state.buildId;
  });
  const warm = window.setTimeout(() => whenIdle(() => !stopped && !isSlow2g() && void started.then((id) => (id !== null && !stopped ? warmUp(id) : undefined))), WARMUP_DELAY_MS);
  const poll = window.setInterval(async () => {
    const id = await readLatest();
    if (stopped || id === null) return;
    if (state.buildId === null) state.buildId = id;
    if (id === state.buildId) return;
    state.updated = true;
    stop();
    onUpdate();
  }, POLL_INTERVAL_MS);
  function stop(): void {
    stopped = true;
    window.clearTimeout(warm);
    window.clearInterval(poll);
  }
  return stop;
}

/** For tests: back to a fresh page. */
export function resetBuildUpdates(): void {
  state.updated = false;
  state.prerendered = null;
  state.buildId = null;
}
