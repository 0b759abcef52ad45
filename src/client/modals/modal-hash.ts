import type { Block, Modal } from '../../shared/model.js';
import { geolocated } from '../../shared/geo.js';

/**
 * The modal's shareable state lives in the URL hash (docs/architecture.md):
 * `#modal=deluxe-suite` or `#modal=3` (by name or by id, content contract
 * "Modal"). Modal links are rendered by SmartLink with that href.
 */
const KEY = 'modal';

/** The modal reference in a location hash (`#modal=x` → `x`), or null. Other hash parameters are ignored. */
export function modalRef(hash: string): string | null {
  if (!hash.startsWith('#')) return null;
  const ref = new URLSearchParams(hash.slice(1)).get(KEY);
  return ref ? ref : null;
}

/** The hash that opens a modal (without `#`, as react-router's `Path.hash` accepts either). */
export function modalHash(ref: string): string {
  return `#${KEY}=${encodeURIComponent(ref)}`;
}

/** The modal reference a link opens: its `data-modal`, else a `#modal=` href. */
export function linkModalRef(anchor: Element): string | null {
  const data = anchor.getAttribute('data-modal');
  if (data) return data;
  const href = anchor.getAttribute('href') ?? '';
  return href.startsWith('#') ? modalRef(href) : null;
}

/** A modal by name, else by id (names win: a modal may be called `3`). */
export function findModal(modals: readonly Modal[], ref: string): Modal | null {
  return modals.find((m) => m.name === ref) ?? modals.find((m) => String(m.id) === ref) ?? null;
}

/** Spec §5: the first item of the modal's `dynZone` geolocated to the visitor. */
export function modalItem(modal: Modal, country: string): Block | null {
  return geolocated(modal.items, country)[0] ?? null;
}

export type Resolution =
  { kind: 'none' } | { kind: 'open'; ref: string; modal: Modal; item: Block } | { kind: 'unknown'; ref: string } | { kind: 'no-item'; ref: string; modal: Modal };

/** What a location hash asks for on this page, for this visitor. */
export function resolveModal(hash: string, modals: readonly Modal[], country: string): Resolution {
  const ref = modalRef(hash);
  if (ref === null) return { kind: 'none' };
  const modal = findModal(modals, ref);
  if (!modal) return { kind: 'unknown', ref };
  const item = modalItem(modal, country);
  return item ? { kind: 'open', ref, modal, item } : { kind: 'no-item', ref, modal };
}

/** Why a modal does not open, for the console (names the modal, says what to check). */
export function resolutionWarning(resolution: Resolution, country: string): string | null {
  if (resolution.kind === 'unknown') return `[marea] modal "${resolution.ref}" does not exist: no modal of this locale has that name or id (is it published in this language?)`;
  if (resolution.kind === 'no-item')
    return `[marea] modal "${resolution.modal.name}" has no item for country ${country}: add an item without a country list, or one that lists ${country}`;
  return null;
}
