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
  it('hydrates the layout zones, chrome and the opening block at once; the rest of the page zone after', () => {
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
    expect(view.now.sort()).toEqual(['blocks.footer', 'blocks.header', 'blocks.hero', 'blocks.language-switcher', 'blocks.offer-toast']);
    expect(view.later).toEqual(['blocks.booking', 'blocks.wysiwyg', 'blocks.form']);
    expect(view.laterBlocks.map((b) => b.key)).toEqual(['2', '3', '5']);
  });

  it('a component the first view needs is never deferred, even where it appears again further down', () => {
    const view = firstView(page([block('blocks.wysiwyg', '0'), block('blocks.image', '1'), block('blocks.wysiwyg', '2')]));
    expect(view.now).toContain('blocks.wysiwyg');
    expect(view.later).toEqual(['blocks.image']);
    expect(view.laterBlocks.map((b) => b.key)).toEqual(['1']);
  });

  it("rules 29–30: the opening block is the static HTML's, at the build's country and day; blocks it does not show still load later", () => {
    const mexican = block('blocks.hero', '0', {}, ['MEX']);
    const ended = block('blocks.image', '1', { enddate: '2026-06-01' });
    const view = firstView(page([mexican, ended, block('blocks.carousel', '2'), block('blocks.gallery', '3')]));
    expect(view.now).toContain('blocks.carousel');
    expect(view.now).not.toContain('blocks.hero');
    expect(view.later.sort()).toEqual(['blocks.gallery', 'blocks.hero', 'blocks.image']);
    expect(view.laterBlocks.map((b) => b.key)).toEqual(['3']);
  });

  it('the error page has no page zone: its layout is its first view', () => {
    const view = firstView({ kind: 'error', country: 'USA', day: '2026-06-15', layout: { header: [block('blocks.header', 'h')], footer: [] } } as unknown as Payload);
    expect(view).toEqual({ now: ['blocks.header'], later: [], laterBlocks: [] });
  });
});
