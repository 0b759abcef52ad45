import { createElement, use, useEffect, useRef, type ReactNode } from 'react';
import type { Block } from '../../shared/model.js';
import { blockComponent, promisedBlock } from '../blocks/registry.js';
import { hydratesLater, laterBlockDone, loadLater } from './later-hydration.js';

/** How far below (and above) the viewport a later block starts loading: half a screen ahead of the visitor. */
const NEAR = '50% 0px 50% 0px';
/** A visitor who touches, clicks or tabs into a block that is not live yet gets its chunk at once (React does not replay a click that comes first: a link then works as a plain link). */
const TOUCH_EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;

/**
 * A block's frame (`data-block-id`, stable from zone and position). For a
 * block that hydrates after the first view (src/shared/first-view.ts) it
 * loads the chunk when the visitor comes near or touches it, and counts the
 * block as done if it leaves the page first (a navigation).
 */
export function BlockFrame({ id, name, component, children }: { id: string; name: string; component: string; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element || !hydratesLater(id)) return;
    const load = () => loadLater([component]);
    const observer =
      typeof IntersectionObserver === 'undefined' ? null : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), { rootMargin: NEAR });
    observer?.observe(element);
    // On the document, capturing: React stops an event aimed inside a boundary it cannot hydrate yet at its root, before the frame would see it.
    const onTouch = (event: Event) => event.target instanceof Node && element.contains(event.target) && load();
    for (const type of TOUCH_EVENTS) document.addEventListener(type, onTouch, { capture: true });
    return () => {
      observer?.disconnect();
      for (const type of TOUCH_EVENTS) document.removeEventListener(type, onTouch, { capture: true });
      laterBlockDone(id);
    };
  }, [id, component]);
  return (
    <div ref={frame} className={`block block--${name}`} data-block-id={id}>
      {children}
    </div>
  );
}

/** A block rendered from its promised chunk: suspends (the static HTML stays) until the chunk arrives, then hydrates. */
export function LaterBlock({ id, block, index }: { id: string; block: Block; index: number }) {
  // Suspends until the chunk is in; the registry has the component from then on.
  use(promisedBlock(block.component)!);
  useEffect(() => laterBlockDone(id), [id]);
  return createElement(blockComponent(block.component)!, { block, index });
}
