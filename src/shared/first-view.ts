import type { Block } from './model.js';
import type { Payload } from './payload.js';
import { CHROME_COMPONENTS, firstContentBlock, isBlock } from './blocks/names.js';
import { isActive, type DateBound } from './dates.js';
import { geolocated } from './geo.js';

/**
 * A block with `startdate`/`enddate` is shown only while active (rule 29).
 * The timer is the exception: its `enddate` is what it counts down to, and
 * it shows its `expiredText` afterwards.
 */
export function inDateRange(block: Block, now: Date): boolean {
  if (isBlock(block, 'blocks.timer')) return true;
  const { startdate, enddate } = block.props as { startdate?: DateBound; enddate?: DateBound };
  return isActive({ startdate, enddate }, now);
}

/** The blocks of a zone a visitor in `country` sees at `now`, in order (spec §5, rules 29–30). */
export function shownBlocks(blocks: readonly Block[], country: string, now: Date): Block[] {
  return geolocated(blocks, country).filter((block) => inDateRange(block, now));
}

/** A page's first view and what hydrates after it, as its static HTML shows them (the build's country and day). */
export interface FirstView {
  /** Components whose chunks the page loads before hydrating (the build modulepreloads them). */
  now: string[];
  /** Components of the page zone that load after hydration, shown in the static HTML or not. */
  later: string[];
  /** The blocks of the static HTML's page zone that hydrate after the first view, in order. */
  laterBlocks: Block[];
}

/**
 * The first view of a payload. What a first view shows is the page's
 * opening block (the hero, on most pages), site chrome (header, language
 * switcher, phone, offer toast, cookie notice: at the top or fixed) and the
 * header and footer zones (small, on every page): their chunks load before
 * hydration. The page zone's other blocks keep their static HTML and
 * hydrate when they come near the viewport, are touched, or the browser is
 * idle (src/client/app/DeferredBlock.tsx). The same answer for the build's
 * hints and the browser.
 */
export function firstView(payload: Payload): FirstView {
  const now = new Set<string>();
  for (const block of [...(payload.layout?.header ?? []), ...(payload.layout?.footer ?? [])]) now.add(block.component);
  const page = payload.kind === 'page' && Array.isArray(payload.page.blocks) ? payload.page.blocks : [];
  const shown = shownBlocks(page, payload.country, buildDayStart(payload.day));
  const opening = firstContentBlock(shown);
  for (const block of shown) if (block === opening || CHROME_COMPONENTS.has(block.component)) now.add(block.component);
  const later = new Set(page.map((block) => block.component).filter((component) => !now.has(component)));
  return { now: [...now], later: [...later], laterBlocks: shown.filter((block) => later.has(block.component)) };
}

/** "Now" of the static HTML: the start of the build's UTC day (rule 29). */
export function buildDayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
