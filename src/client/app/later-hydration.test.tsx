import { act, useState, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Block } from '../../shared/model.js';
import type { Payload } from '../../shared/payload.js';
import { block, image } from '../../../test/support/blocks.js';

/**
 * A first view's hydration in happy-dom: the static HTML comes from a
 * "server" (every block loaded), the hydration from a fresh copy of the
 * modules (a browser that has loaded nothing yet), as in a real page load.
 */
const text = { ...block('blocks.wysiwyg', { body: '<p>Opening words</p>' }), key: '0' } as Block;
const picture = { ...block('blocks.image', { media: image, caption: 'The bay' }), key: '1' } as Block;
const blocks = [text, picture];
const payload = { kind: 'page', country: 'USA', day: '2026-06-15', page: { blocks }, layout: { header: [], footer: [] } } as unknown as Payload;

/** What a test page holds: the page's blocks, its layout header's, and the visitor the browser sees (rules 29–30; none: the build's). */
interface Served {
  header?: Block[];
  page?: Block[];
  visitor?: { country: string; now: Date };
}

async function staticHtml(served: Served): Promise<string> {
  const { loadBlocks } = await import('../blocks/registry.js');
  const { BlockList } = await import('./BlockList.js');
  await loadBlocks(['blocks.wysiwyg', 'blocks.image', 'blocks.phone']);
  return renderToString(await wrapped(BlockList, served));
}

let rerender = () => {};

/** The page as PageRoute renders it: providers that stay the same, and a page that may render again (its own state changing). */
async function wrapped(BlockList: (props: { blocks: Block[]; zone?: 'header' }) => ReactElement, { header = [], page = blocks, visitor }: Served): Promise<ReactElement> {
  const { withProviders } = await import('../../../test/support/render.js');
  function Page() {
    const [renders, setRenders] = useState(0);
    rerender = () => setRenders(renders + 1);
    return (
      <>
        <BlockList blocks={header} zone="header" />
        <BlockList blocks={page} />
      </>
    );
  }
  return withProviders(<Page />, { page: { now: new Date('2026-06-15T00:00:00Z'), visitor } });
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.resetModules();
});

/**
 * Hydrates the static HTML (of `header` and the page) with a fresh copy of
 * the modules, after `payloadBlocks`, as main.tsx does; `hydrated` tells
 * whether the whole page is live.
 */
async function hydrateServed(content: Served = {}) {
  const { header = [], page = blocks } = content;
  const html = await staticHtml(content);
  vi.resetModules();
  const { payloadBlocks } = await import('./payload-blocks.js');
  const { loadLater, onPageHydrated } = await import('./later-hydration.js');
  const { BlockList } = await import('./BlockList.js');
  const { loadBlocks } = await import('../blocks/registry.js');
  const { hydrateRoot } = await import('react-dom/client');
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const served = (selector: string) => container.querySelector(selector);
  const before = { image: served('figure img'), phone: served('a[href^="tel:"]') };
  expect(await payloadBlocks({ ...payload, page: { blocks: page }, layout: { header, footer: [] } } as unknown as Payload)).toEqual({ ok: true });
  const state = { hydrated: false, errors: [] as unknown[] };
  onPageHydrated(() => (state.hydrated = true));
  const app = await wrapped(BlockList, content);
  await act(async () => hydrateRoot(container, app, { onRecoverableError: (error) => state.errors.push(error) }));
  return { container, served, before, state, loadLater, loadBlocks };
}

describe('hydration after the first view (src/shared/first-view.ts)', () => {
  it('keeps the static HTML of a later block through hydration and re-renders, then hydrates it in place when its chunk arrives', async () => {
    const { container, served, before, state, loadLater, loadBlocks } = await hydrateServed();
    expect(before.image).not.toBeNull();
    // The opening block is live; the image waits with its static HTML, through a re-render of the page.
    await act(async () => rerender());
    expect(served('figure img')).toBe(before.image);
    expect(container.textContent).toContain('The bay');
    expect(state.hydrated).toBe(false);

    await act(async () => {
      loadLater(['blocks.image']);
      await loadBlocks(['blocks.image']); // the same load, in flight
    });
    await vi.waitFor(() => expect(state.hydrated).toBe(true));
    expect(served('figure img')).toBe(before.image);
    expect(state.errors).toEqual([]);
  });

  it("rule 29 at start: a dated block the visitor's clock has ended goes at once; a later block after it keeps its static HTML (and the index it was rendered with) until it hydrates", async () => {
    // The opening block ends at noon of the build's day; the visitor comes the day after. The image after it becomes the first block.
    const dated = { ...block('blocks.wysiwyg', { body: '<p>Flash sale</p>', enddate: '2026-06-15T12:00:00Z' }), key: '0' } as Block;
    const { container, served, before, state, loadLater, loadBlocks } = await hydrateServed({
      page: [dated, picture],
      visitor: { country: 'USA', now: new Date('2026-06-16T09:00:00Z') },
    });
    expect(container.textContent).not.toContain('Flash sale');
    expect(served('figure img')).toBe(before.image);
    expect(served('figure img')!.getAttribute('loading')).toBe('lazy');
    await act(async () => rerender());
    expect(served('figure img')).toBe(before.image);
    await act(async () => {
      loadLater(['blocks.image']);
      await loadBlocks(['blocks.image']);
    });
    await vi.waitFor(() => expect(state.hydrated).toBe(true));
    // Hydrated in place, then rendered as the page's first block (an eager image).
    expect(served('figure img')).toBe(before.image);
    await vi.waitFor(() => expect(served('figure img')!.getAttribute('loading')).not.toBe('lazy'));
    expect(state.errors).toEqual([]);
  });

  it('site chrome in a layout zone keeps its static HTML too, and the page is live only once it hydrated as well', async () => {
    const phone = { ...block('blocks.phone', { numbers: [{ label: 'Call', number: '+1 555 0100', countries: null }] }), key: 'p' } as Block;
    const { served, before, state, loadLater, loadBlocks } = await hydrateServed({ header: [phone] });
    expect(before.phone).not.toBeNull();
    expect(served('a[href^="tel:"]')).toBe(before.phone);
    await act(async () => {
      loadLater(['blocks.image']);
      await loadBlocks(['blocks.image']); // the same load, in flight
    });
    expect(state.hydrated).toBe(false);
    await act(async () => loadLater(['blocks.phone']));
    await vi.waitFor(() => expect(state.hydrated).toBe(true));
    expect(served('a[href^="tel:"]')).toBe(before.phone);
    expect(state.errors).toEqual([]);
  });

  it('a touch inside a block that is not live yet brings its chunk at once, though React stops the event at its root', async () => {
    const { served, state } = await hydrateServed();
    expect(state.hydrated).toBe(false);
    // Nothing else asks for it here (no idle callback, happy-dom's IntersectionObserver never fires).
    await act(async () => void served('figure img')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })));
    await vi.waitFor(() => expect(state.hydrated).toBe(true));
  });

  it('a block that leaves the page before its chunk arrives (a navigation) no longer holds the page back', async () => {
    const { payloadBlocks } = await import('./payload-blocks.js');
    const { laterBlockDone, onPageHydrated } = await import('./later-hydration.js');
    await payloadBlocks(payload);
    let hydrated = false;
    onPageHydrated(() => (hydrated = true));
    expect(hydrated).toBe(false);
    // Its chunk never asked for: the page is live without it (what hydrates now is every block it shows).
    laterBlockDone('page-1');
    expect(hydrated).toBe(true);
  });
});
