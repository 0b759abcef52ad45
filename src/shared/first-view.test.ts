import { describe, expect, it } from 'vitest';
import type { Block } from './model.js';
import type { Component } from './blocks/catalogue.js';
import type { Payload } from './payload.js';
import { firstView } from './first-view.js';

const block = (component: Component, key: string, props: Record<string, unknown> = {}, countries: string[] | null = null): Block => ({
  component,
  name: component,
  key,
  countries,
  props,
});
const page = (blocks: Block[], layout = { header: [block('blocks.header', 'h')], footer: [block('blocks.footer', 'f')] }) =>
  ({ kind: 'page', country: 'USA', day: '2026-06-15', page: { blocks }, layout }) as unknown as Payload;

describe('first view: what hydrates before and after (docs/performance.md, "First view")', () => {
  it('hydrates the opening block and the language switcher at once; chrome, layout zones and the rest of the page after', () => {
    const view = firstView(
      page([
        block('blocks.language-switcher', '0'),
        block('blocks.hero', '1'),
        block('blocks.booking', '2'),
        block('blocks.wysiwyg', '3'),
        block('blocks.offer-toast', '4'),
        block('blocks.form', '5'),
      ]),
    );
    expect(view.now.sort()).toEqual(['blocks.hero', 'blocks.language-switcher']);
    expect(view.later).toEqual(['blocks.header', 'blocks.booking', 'blocks.wysiwyg', 'blocks.offer-toast', 'blocks.form', 'blocks.footer']);
    // In document order, by the frame ids BlockList gives them (zone and key).
    expect(view.laterBlocks).toEqual([
      { id: 'header-h', component: 'blocks.header' },
      { id: 'page-2', component: 'blocks.booking' },
      { id: 'page-3', component: 'blocks.wysiwyg' },
      { id: 'page-4', component: 'blocks.offer-toast' },
      { id: 'page-5', component: 'blocks.form' },
      { id: 'footer-f', component: 'blocks.footer' },
    ]);
  });

  it('rule 10: the language switcher of a layout zone hydrates at once (it writes the locale cookie before it navigates)', () => {
    const layout = { header: [block('blocks.header', 'h'), block('blocks.language-switcher', 'l'), block('blocks.phone', 'p')], footer: [block('blocks.cookie-notice', 'c')] };
    const view = firstView(page([block('blocks.hero', '0')], layout));
    expect(view.now.sort()).toEqual(['blocks.hero', 'blocks.language-switcher']);
    expect(view.laterBlocks.map((b) => b.id)).toEqual(['header-h', 'header-p', 'footer-c']);
  });

  it('a component the first view needs is never deferred, even where it appears again further down', () => {
    const view = firstView(page([block('blocks.wysiwyg', '0'), block('blocks.image', '1'), block('blocks.wysiwyg', '2')]));
    expect(view.now).toContain('blocks.wysiwyg');
    expect(view.later).toEqual(['blocks.header', 'blocks.image', 'blocks.footer']);
    expect(view.laterBlocks.map((b) => b.id)).toEqual(['header-h', 'page-1', 'footer-f']);
  });

  it("rules 29–30: the opening block is the static HTML's, at the build's country and day; blocks it does not show still load later", () => {
    const mexican = block('blocks.hero', '0', {}, ['MEX']);
    const ended = block('blocks.image', '1', { enddate: '2026-06-01' });
    const view = firstView(page([mexican, ended, block('blocks.carousel', '2'), block('blocks.gallery', '3')], { header: [], footer: [] }));
    expect(view.now).toEqual(['blocks.carousel']);
    expect(view.later.sort()).toEqual(['blocks.gallery', 'blocks.hero', 'blocks.image']);
    expect(view.laterBlocks.map((b) => b.id)).toEqual(['page-3']);
  });

  it('the error page has no page zone; its layout hydrates later, and only when it shows one (rule 27: 400 ≤ status ≤ 500)', () => {
    const error = (status: number) =>
      firstView({ kind: 'error', status, country: 'USA', day: '2026-06-15', layout: { header: [block('blocks.header', 'h')], footer: [] } } as unknown as Payload);
    expect(error(404)).toEqual({ now: [], later: ['blocks.header'], laterBlocks: [{ id: 'header-h', component: 'blocks.header' }] });
    // A block that is not rendered must not hold the page's hydration back (later-hydration.ts waits for every later block).
    expect(error(503)).toEqual({ now: [], later: [], laterBlocks: [] });
  });
});
