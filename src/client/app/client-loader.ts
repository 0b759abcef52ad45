import type { LoaderFunctionArgs } from 'react-router-dom';
import { LIST_ERRORS, StatusError } from '../../shared/errors.js';
import { PAYLOAD_VERSION, type Payload } from '../../shared/payload.js';
import { normalizePath, payloadUrl } from '../../shared/routes.js';
import { fromWire } from '../../shared/wire.js';
import { canShowTexts, ensureMessages } from '../i18n/load-messages.js';
import { isValidPagePath, notFoundError } from './not-found.js';
import { mustReload } from '../runtime/build-updates.js';
import { handleChunkError } from '../runtime/chunk-errors.js';
import { setNavigationTarget } from '../runtime/navigation-target.js';
import { payloadBlocks } from './payload-blocks.js';
import { adoptRelease, currentRelease, keptPayload, remember } from './payload-cache.js';

/** Leaves the app for a full page load; the router keeps the old page until the browser navigates. */
function fullLoad(target: string): Promise<Payload> {
  window.location.assign(target);
  return new Promise<Payload>(() => {});
}

/**
 * Fetches and keeps a page's payload without navigating (rule 19's
 * prefetch). Failures are silent here: the navigation itself will retry
 * and fall back to a full load (rule 20).
 */
export async function prefetchPayload(path: string): Promise<void> {
  const clean = normalizePath(path);
  if (keptPayload(clean)) return;
  try {
    const response = await fetch(payloadUrl(clean, currentRelease()));
    if (!response.ok) return;
    const payload = fromWire(await response.json()) as Payload;
    if (payload?.v === PAYLOAD_VERSION && (currentRelease() === '' || payload.release === currentRelease())) remember(clean, payload);
  } catch {
    // ignored: prefetching is an optimisation
  }
}

/**
 * The page routes' loader in the browser (rule 18), in the runtime that
 * loads after hydration (late-runtime.ts `pageLoader`): renders the target from
 * its `_payload.json`, keyed by release. Rule 20: a payload that cannot be
 * loaded logs a warning and the navigation becomes a full page load (the
 * HTML is always there). Rule 21: a block list that is not an array is 503.
 */
export async function clientLoader({ request }: LoaderFunctionArgs): Promise<Payload> {
  const url = new URL(request.url);
  const path = normalizePath(url.pathname);
  const target = `${url.pathname}${url.search}${url.hash}`;
  setNavigationTarget(target);
  // Rule 5: a path no slug can have is a 404 without asking the server.
  if (!isValidPagePath(path)) throw notFoundError(url.pathname, url.search, url.hash);
  // Rule 16: after a newer build was signalled, navigations are full page loads.
  if (mustReload(path)) return fullLoad(target);
  // Already in hand (the first view, an earlier visit, or a prefetch, rule 19).
  let payload = keptPayload(path);
  if (!payload) {
    try {
      const response = await fetch(payloadUrl(path, currentRelease()), { signal: request.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      payload = fromWire(await response.json()) as Payload;
      if (payload?.v !== PAYLOAD_VERSION) throw new Error('unexpected payload format');
      // Rule 18: a payload made by another release (a deploy landed since this page loaded) is never rendered by this code.
      adoptRelease(payload.release);
      if (payload.release !== currentRelease()) {
        console.info(`[marea] ${path} belongs to a newer release; loading the page instead`);
        return fullLoad(target);
      }
    } catch (error) {
      if (request.signal.aborted) throw error;
      console.warn(`[marea] could not load the payload of ${path} (${String(error)}); loading the page instead`);
      return fullLoad(target);
    }
  }
  if (payload.kind === 'page' && !Array.isArray(payload.page?.blocks)) throw new StatusError(503, LIST_ERRORS.components);
  const [messages, blocks] = await Promise.all([ensureMessages(payload.locale), payloadBlocks(payload)]);
  // Rule 17: messages and blocks are lazy chunks; a newer build may have removed them.
  const failed = !messages.ok ? messages.error : !blocks.ok ? blocks.error : null;
  if (failed !== null && handleChunkError(failed)) return new Promise<Payload>(() => {});
  // Rule 11: with neither its messages nor English to fall back to, the page is loaded instead (never raw keys).
  if (!canShowTexts(payload.locale)) return fullLoad(target);
  remember(path, payload);
  setNavigationTarget(null);
  return payload;
}
