import { createElement, use, useEffect, useRef, type ReactNode } from 'react';
import type { Block } from '../../shared/model.js';
import { hydratesOnUse } from '../../shared/first-view.js';
import { blockComponent, promisedBlock } from '../blocks/registry.js';
import { laterBlockDone, loadLater } from './later-hydration.js';

/** How far below (and above) the viewport a later block starts loading: half a screen ahead of the visitor. */
const NEAR = '50% 0px 50% 0px';
/**
 * A visitor who points at, touches or tabs into a block that is not live yet gets its chunk at once
 * (a pointer or the focus already there before the page was live: when it goes down or types).
 * React does not replay a click that comes first: a link then works as a plain link (a block that
 * hydrates on use has its buttons clicked again: runtime/start-on-use.ts).
 */
const TOUCH_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

/**
 * A block's frame (`data-block-id`, stable from zone and position). For a
 * block whose chunk comes after the first view (src/shared/first-view.ts),
 * while it `waits` for it, it loads the chunk when the visitor comes near
 * (unless the block hydrates on use) or touches it, and counts the block as
 * done when it is live or leaves the page first (a navigation).
 */
export function BlockFrame({ id, block, waits, children }: { id: string; block: Block; waits: boolean; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element || !waits) return;
    const load = () => loadLater([block.component]);
    // A block that hydrates on use does not come for being near (rules 29–30 may bring it at start: runtime/start-on-use.ts).
    const observer = hydratesOnUse(block.component) ? null : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), { rootMargin: NEAR });
    observer?.observe(element);
    // On the document, capturing: React stops an event aimed inside a boundary it cannot hydrate yet at its root, before the frame would see it.
    const onTouch = (event: Event) => event.target instanceof Node && element.contains(event.target) && load();
    for (const type of TOUCH_EVENTS) document.addEventListener(type, onTouch, { capture: true });
    return () => {
      observer?.disconnect();
      for (const type of TOUCH_EVENTS) document.removeEventListener(type, onTouch, { capture: true });
      laterBlockDone(id);
    };
  }, [waits, id, block]);
  return (
    <div ref={frame} className={`block block--${block.name}`} data-block-id={id}>
      {children}
    </div>
  );
}

/** A block rendered from its promised chunk: suspends (the static HTML stays) until the chunk arrives, then hydrates, and says so. */
export function LaterBlock({ block, index, onLive }: { block: Block; index: number; onLive: (live: true) => void }) {
  // Suspends until the chunk is in; the registry has the component from then on.
  use(promisedBlock(block.component)!);
  useEffect(() => onLive(true));
  return createElement(blockComponent(block.component)!, { block, index });
}
