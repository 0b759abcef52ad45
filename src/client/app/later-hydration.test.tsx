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

async function staticHtml(): Promise<string> {
  const { loadBlocks } = await import('../blocks/registry.js');
  const { BlockList } = await import('./BlockList.js');
  await loadBlocks(['blocks.wysiwyg', 'blocks.image']);
  return renderToString(await wrapped(BlockList));
}

let rerender = () => {};

/** The page as PageRoute renders it: providers that stay the same, and a page that may render again (its own state changing). */
async function wrapped(BlockList: (props: { blocks: Block[] }) => ReactElement): Promise<ReactElement> {
  const { withProviders } = await import('../../../test/support/render.js');
  function Page() {
    const [renders, setRenders] = useState(0);
    rerender = () => setRenders(renders + 1);
    return <BlockList blocks={blocks} />;
  }
  return withProviders(<Page />, { page: { now: new Date('2026-06-15T00:00:00Z') } });
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.resetModules();
});

describe('hydration after the first view (src/shared/first-view.ts)', () => {
  it('keeps the static HTML of a later block through hydration and re-renders, then hydrates it in place when its chunk arrives', async () => {
    const html = await staticHtml();
    vi.resetModules();
    const { payloadBlocks } = await import('./payload-blocks.js');
    const { loadLater, onPageHydrated } = await import('./later-hydration.js');
    const { BlockList } = await import('./BlockList.js');
    const { loadBlocks } = await import('../blocks/registry.js');
    const { hydrateRoot } = await import('react-dom/client');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const served = container.querySelector('figure img');
    expect(served).not.toBeNull();

    expect(await payloadBlocks(payload)).toEqual({ ok: true });
    const errors: unknown[] = [];
    let hydrated = false;
    onPageHydrated(() => (hydrated = true));
    const app = await wrapped(BlockList);
    await act(async () => hydrateRoot(container, app, { onRecoverableError: (error) => errors.push(error) }));
    // The opening block is live; the image waits with its static HTML, through a re-render of the page.
    await act(async () => rerender());
    expect(container.querySelector('figure img')).toBe(served);
    expect(container.textContent).toContain('The bay');
    expect(hydrated).toBe(false);

    await act(async () => {
      loadLater();
      await loadBlocks(['blocks.image']); // the same load, in flight
    });
    expect(hydrated).toBe(true);
    expect(container.querySelector('figure img')).toBe(served);
    expect(errors).toEqual([]);
  });

  it('a block that leaves the page before its chunk arrives (a navigation) no longer holds the page back', async () => {
    const { payloadBlocks } = await import('./payload-blocks.js');
    const { laterBlockDone, loadLater, onPageHydrated } = await import('./later-hydration.js');
    await payloadBlocks(payload);
    let hydrated = false;
    onPageHydrated(() => (hydrated = true));
    laterBlockDone('page-1');
    expect(hydrated).toBe(false);
    loadLater(['blocks.image']);
    await vi.waitFor(() => expect(hydrated).toBe(true));
  });
});
