import type { Layout, Locale } from '../../shared/model.js';
import type { Payload } from '../../shared/payload.js';
import { normalizePath } from '../../shared/routes.js';

/**
 * The payloads in hand, by path: the page's own (hydration), then those
 * navigations and prefetches fetched (client-loader.ts, which loads after
 * hydration). Kept apart from the loader so the first view carries only this.
 */
const payloads = new Map<string, Payload>();
const layouts = new Map<Locale, Layout>();
/** Rule 18: the release (code and public configuration) of the running app; payloads of another are never rendered. */
let release = '';

/** Payloads kept for back/forward and prefetches; the oldest go first, so a long visit never grows without bound. */
export const MAX_KEPT_PAYLOADS = 60;

/** The payload embedded in the static HTML (hydration needs no request). */
export function primePayload(path: string, payload: Payload): void {
  release = payload.release;
  remember(normalizePath(path), payload);
}

export function remember(path: string, payload: Payload): void {
  payloads.delete(path);
  payloads.set(path, payload);
  while (payloads.size > MAX_KEPT_PAYLOADS) payloads.delete(payloads.keys().next().value!);
  if (payload.layout) layouts.set(payload.locale, payload.layout);
}

/** A payload in hand for a normalised path. */
export function keptPayload(path: string): Payload | undefined {
  return payloads.get(path);
}

/** The running app's release (rule 18). */
export function currentRelease(): string {
  return release;
}

/** A page without a payload of its own takes the release of the first one fetched. */
export function adoptRelease(value: string): void {
  if (release === '') release = value;
}

/** The newest layout seen for a locale, for the error page of a failed route. */
export function lastLayout(locale: Locale): Layout | null {
  return layouts.get(locale) ?? null;
}
