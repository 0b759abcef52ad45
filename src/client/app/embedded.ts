import { PAYLOAD_LINK_ATTRIBUTE, PAYLOAD_SCRIPT_ID, PAYLOAD_VERSION, type Payload } from '../../shared/payload.js';
import { fromWire } from '../../shared/wire.js';
import { reloadOnce } from '../runtime/reload-guard.js';

/** The JSON of a data script; a payload's read from its wire form (wire.ts). */
function readJson<T>(id: string, read: (value: unknown) => unknown = (value) => value): T | null {
  const el = document.getElementById(id);
  if (!el?.textContent) return null;
  try {
    return read(JSON.parse(el.textContent)) as T;
  } catch (error) {
    console.error(`[marea] malformed #${id}`, error);
    return null;
  }
}

/** What the app starts from: the page's own payload, none (not a prerendered page: the router loads it), or unavailable. */
export type PagePayload = { payload: Payload } | { payload: null } | 'unavailable';

const RETRY_MS = 1000;

async function fetchPayload(href: string): Promise<Payload> {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const payload = fromWire(await response.json()) as Payload;
  if (payload?.v !== PAYLOAD_VERSION) throw new Error('unexpected payload format');
  return payload;
}

/**
 * Rule 18: the page's own data. Error pages embed it; every other page
 * preloads its `_payload.json` (PAYLOAD_LINK_ATTRIBUTE), fetched here while
 * the scripts load, and tried twice. When it cannot be had the page stays
 * as served (readable, links work as plain links) rather than hydrating
 * without its data. When it belongs to another release than the HTML (a
 * deploy landed in between), the page is loaded again, once (rule 17's guard).
 */
export async function readPagePayload(): Promise<PagePayload> {
  const embedded = readJson<Payload>(PAYLOAD_SCRIPT_ID, fromWire);
  if (embedded) return { payload: embedded };
  const link = document.querySelector<HTMLLinkElement>(`link[${PAYLOAD_LINK_ATTRIBUTE}]`);
  if (!link) return { payload: null };
  let payload: Payload;
  try {
    payload = await fetchPayload(link.href).catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      return fetchPayload(link.href);
    });
  } catch (error) {
    console.warn(`[marea] could not load this page's data (${String(error)}); it stays as served, without scripts`);
    return 'unavailable';
  }
  if (payload.release !== new URL(link.href).searchParams.get('v')) {
    console.info('[marea] this page was replaced by a newer release while loading; loading it again');
    if (reloadOnce(`${window.location.pathname}${window.location.search}${window.location.hash}`)) return new Promise<PagePayload>(() => {});
    return 'unavailable';
  }
  return { payload };
}
