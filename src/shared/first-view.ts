import type { Block } from './model.js';
import type { Payload } from './payload.js';
import { firstContentBlock, isBlock } from './blocks/names.js';
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

/** A block of the static HTML that hydrates after the first view. */
interface LaterBlock {
  /** Its frame's `data-block-id` (`blockId`). */
  id: string;
  component: string;
}

/** A page's first view and what hydrates after it, as its static HTML shows them (the build's country and day). */
export interface FirstView {
  /** Components whose chunks the page loads before hydrating (the build modulepreloads them). */
  now: string[];
  /** Components of the page's zones that load after hydration, shown in the static HTML or not. */
  later: string[];
  /** The blocks of the static HTML's zones that hydrate after the first view, in document order. */
  laterBlocks: LaterBlock[];
}

/** Where a block is rendered: the page's own content (inside `<main>`) or a layout zone around it. */
export type Zone = 'header' | 'page' | 'footer';

/** A block's frame id (`data-block-id`): its zone and its key, stable between the server and the browser. */
export function blockId(zone: Zone, key: string): string {
  return `${zone}-${key}`;
}

/**
 * Chrome a visitor may use before a later chunk could arrive, where a rule
 * is at stake: the language switcher writes the locale cookie before it
 * navigates (rule 10). Without it, a click that comes first is a plain link:
 * to `/`, rule 9 would send a visitor who chose English back to `/es`.
 */
const CHROME_AT_START: ReadonlySet<string> = new Set(['blocks.language-switcher']);

/**
 * Whether a block of this component hydrates only when the visitor reaches
 * for it (pointer over or down, focus, a key), never merely for being in
 * view: the booking widget, whose static HTML is its whole first screen.
 * What it must do at start is done from that HTML (rule 26's edges), a
 * click before it is live is clicked again once it is, and it hydrates at
 * start when the visitor would see other promo codes (rules 29–30):
 * src/client/runtime/start-on-use.ts.
 */
export function hydratesOnUse(component: string): boolean {
  return component === 'blocks.booking';
}

/** Rule 27: the error page shows the layout's header and footer only for 400 ≤ status ≤ 500. */
export function errorShowsLayout(status: number): boolean {
  return status >= 400 && status <= 500;
}

/**
 * The first view of a payload: the page's opening block (the hero, on most
 * pages; its chunk and what it imports load before hydration) and the
 * language switcher. Everything else, site chrome included (header, phone,
 * offer toast, cookie notice, footer), keeps its static HTML and hydrates
 * when it comes near the viewport, is touched, or the browser is idle
 * (src/client/app/DeferredBlock.tsx): the header at the top at once after
 * hydration, the offer toast and the cookie notice (hidden until then) when
 * idle. The same answer for the build's hints and the browser.
 */
export function firstView(payload: Payload): FirstView {
  const layout = payload.kind === 'page' || errorShowsLayout(payload.status) ? payload.layout : null;
  const zones: [Zone, readonly Block[]][] = [
    ['header', layout?.header ?? []],
    ['page', payload.kind === 'page' && Array.isArray(payload.page.blocks) ? payload.page.blocks : []],
    ['footer', layout?.footer ?? []],
  ];
  const day = buildDayStart(payload.day);
  const shown = zones.map(([zone, blocks]) => [zone, shownBlocks(blocks, payload.country, day)] as const);
  const now = new Set<string>();
  const opening = firstContentBlock(shown[1]![1]);
  if (opening) now.add(opening.component);
  for (const [, blocks] of shown) for (const block of blocks) if (CHROME_AT_START.has(block.component)) now.add(block.component);
  const later = new Set(zones.flatMap(([, blocks]) => blocks.map((block) => block.component)).filter((component) => !now.has(component)));
  return {
    now: [...now],
    later: [...later],
    laterBlocks: shown.flatMap(([zone, blocks]) =>
      blocks.filter((block) => later.has(block.component)).map((block) => ({ id: blockId(zone, block.key), component: block.component })),
    ),
  };
}

/** "Now" of the static HTML: the start of the build's UTC day (rule 29). */
export function buildDayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
