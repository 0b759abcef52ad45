import { blockId, buildDayStart, hydratesOnUse, type Zone } from '../../shared/first-view.js';
import { isActive, type DateBound } from '../../shared/dates.js';
import { isGeolocated } from '../../shared/geo.js';
import type { Block } from '../../shared/model.js';
import { normalizePath } from '../../shared/routes.js';
import { keptPayload } from '../app/payload-cache.js';
import { loadLater } from '../app/later-hydration.js';
import { readVisitor } from '../app/visitor.js';
import { promisedBlock } from '../blocks/registry.js';
import type { Visitor } from '../page/page-context.js';
import { watchEdges } from '../blocks/booking/use-edges.js';

/**
 * At start, for the static HTML's blocks that hydrate on use
 * (src/shared/first-view.ts), what they would do at once if they were live.
 * Rule 26: a booking widget's edges are written from its static HTML until
 * it hydrates and takes them over. Rules 29–30: such a block whose items
 * the visitor would see otherwise than the static HTML shows them (a promo
 * code for another country or day) hydrates now. And a click on one of its
 * buttons before its chunk arrived, which React drops, is clicked again once
 * the chunk is in (React then hydrates the block at the click). Run once,
 * by the runtime that loads after hydration (late.tsx).
 */
export function startOnUse(): void {
  document.querySelectorAll('[data-booking]').forEach(watchEdges);
  const payload = keptPayload(normalizePath(window.location.pathname));
  if (!payload) return;
  const built = { country: payload.country, now: buildDayStart(payload.day) };
  const visitor = readVisitor(payload.country);
  const zones: [Zone, readonly Block[]][] = [
    ['header', payload.layout?.header ?? []],
    ['page', payload.kind === 'page' && Array.isArray(payload.page.blocks) ? payload.page.blocks : []],
    ['footer', payload.layout?.footer ?? []],
  ];
  /** Frame id → its block's chunk, for the blocks that hydrate on use; `in` once the chunk is. */
  const onUse = new Map<string, { chunk: Promise<unknown>; in?: boolean }>();
  for (const [zone, blocks] of zones)
    for (const block of blocks) {
      const chunk = hydratesOnUse(block.component) && promisedBlock(block.component);
      if (!chunk) continue;
      const frame: { chunk: Promise<unknown>; in?: boolean } = { chunk };
      onUse.set(blockId(zone, block.key), frame);
      void chunk.then(() => (frame.in = true));
    }
  loadLater(zones.flatMap(([, blocks]) => blocks.filter((block) => hydratesOnUse(block.component) && differsForVisitor(block, built, visitor)).map((block) => block.component)));
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button[type="button"]') : null;
      const frame = onUse.get(button?.closest('[data-block-id]')?.getAttribute('data-block-id') ?? '');
      // Once its chunk is in, React hydrates the block at the click and handles it itself.
      if (!button || !frame || frame.in) return;
      void frame.chunk.then(() => button.isConnected && button.click());
    },
    { capture: true },
  );
}

/**
 * Whether the visitor would see a block's items otherwise than its static
 * HTML shows them (rules 29–30): an item of its props (a promo code, a
 * phone number, a slide; the block's own dates) targeted to countries that
 * tell the two apart, or with dates that one instant is inside and the
 * other not. Exported for its unit test.
 */
export function differsForVisitor(value: unknown, built: Visitor, visitor: Visitor): boolean {
  if (!value || typeof value !== 'object') return false;
  const item = value as { countries?: string[] | null; startdate?: DateBound; enddate?: DateBound };
  if (Array.isArray(item.countries) && isGeolocated(item.countries, built.country) !== isGeolocated(item.countries, visitor.country)) return true;
  if ((item.startdate || item.enddate) && isActive(item, built.now) !== isActive(item, visitor.now)) return true;
  return Object.values(value).some((child) => differsForVisitor(child, built, visitor));
}
