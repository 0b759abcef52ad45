import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadBlocks } from '../blocks/registry.js';
import { mount, renderStatic } from '../../../test/support/render.js';
import { block } from '../../../test/support/blocks.js';
import type { Component } from '../../shared/blocks/catalogue.js';
import { inDateRange } from '../../shared/first-view.js';
import { BlockList } from './BlockList.js';

// Blocks are lazy chunks: loaded before rendering, as the app does before hydration.
beforeAll(() => loadBlocks(['blocks.wysiwyg']));

describe('BlockList: registry and country targeting (spec §5, rule 30)', () => {
  const blocks = [
    { ...block('blocks.wysiwyg', { body: '<p>For Mexico</p>' }, ['MEX']), key: '0' },
    { ...block('blocks.wysiwyg', { body: '<p>For everyone</p>' }, null), key: '1' },
    { ...block('blocks.wysiwyg', { body: '<p>For the US</p>' }, ['USA', 'CAN']), key: '2' },
    // Normalise leaves unknown components out (src/node/content/blocks.ts); the browser still renders nothing for one.
    { component: 'blocks.does-not-exist' as Component, name: 'DoesNotExist', key: '3', countries: null, props: { title: 'x' } },
  ];

  it('renders the blocks targeted to the page country, in order, by display name', () => {
    const html = renderStatic(<BlockList blocks={blocks} />, { page: { country: 'USA' } });
    expect(html).not.toContain('For Mexico');
    expect(html.indexOf('For everyone')).toBeLessThan(html.indexOf('For the US'));
    expect(html).toContain('class="block block--Wysiwyg"');
    expect(html).not.toContain('DoesNotExist');
    expect(renderStatic(<BlockList blocks={blocks} />, { page: { country: 'MEX' } })).toContain('For Mexico');
  });
});

describe('BlockList: dated blocks (rule 29)', () => {
  const toast = { ...block('blocks.wysiwyg', { body: '<p>Summer offer</p>', startdate: '2026-06-01', enddate: '2026-06-30' }), key: '0' };
  const timer = { ...block('blocks.timer', { title: 'Ends soon', enddate: '2026-01-01T00:00:00Z' }), key: '1' };

  it('shows a dated block only inside its dates, checked against the page clock', () => {
    expect(inDateRange(toast, new Date('2026-06-15T00:00:00Z'))).toBe(true);
    expect(inDateRange(toast, new Date('2026-07-01T00:00:00Z'))).toBe(false);
    expect(renderStatic(<BlockList blocks={[toast]} />, { page: { now: new Date('2026-06-15T00:00:00Z') } })).toContain('Summer offer');
    expect(renderStatic(<BlockList blocks={[toast]} />, { page: { now: new Date('2026-07-02T00:00:00Z') } })).not.toContain('Summer offer');
  });

  it('keeps a timer past its end date: the date is its countdown target', () => {
    expect(inDateRange(timer, new Date('2027-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('BlockList: the page opening and its h1', () => {
  beforeAll(() => loadBlocks(['blocks.hero', 'blocks.wysiwyg', 'blocks.language-switcher']));
  const hero = { ...block('blocks.hero', { title: 'Sea and sky' }), key: 'h' };
  const chrome = { ...block('blocks.language-switcher', {}), key: 'c' };
  const text = { ...block('blocks.wysiwyg', { body: '<p>Terms</p>' }), key: 't' };

  it('a hero that opens the content is the h1, even after chrome blocks (the all-blocks page)', () => {
    const html = renderStatic(<BlockList blocks={[chrome, hero, text]} title="All blocks" />);
    expect(html).toContain('<h1 class="hero__title">Sea and sky</h1>');
    expect(html).not.toContain('page-title');
  });

  it('a page that opens with anything else gets its title as the h1, before that block', () => {
    const html = renderStatic(<BlockList blocks={[chrome, text, hero]} title="Terms and conditions" />);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('<h1>Terms and conditions</h1>');
    expect(html.indexOf('<h1>')).toBeLessThan(html.indexOf('Terms</p>'));
    expect(html).toContain('<h2 class="hero__title">');
    expect(renderStatic(<BlockList blocks={[]} title="Empty" />)).toContain('<h1>Empty</h1>');
  });

  it('layout zones (no title) never get a page title', () => {
    expect(renderStatic(<BlockList blocks={[text]} />)).not.toContain('<h1');
  });
});

describe('BlockList: a block whose chunk is gone (rule 17, redeploys with open tabs)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps its server HTML instead of dropping it when hydration runs without its component', async () => {
    // The static page as served: the block's HTML under its stable id.
    const served = document.createElement('div');
    served.innerHTML = '<div class="block block--TermsList" data-block-id="page-t"><ol><li>Deposits</li></ol></div>';
    document.body.appendChild(served);
    const terms = { ...block('blocks.terms-list', { title: 'Terms' }), key: 't' };
    const root = await mount(<BlockList blocks={[terms]} />);
    const kept = root.querySelector('[data-block-id="page-t"]');
    expect(kept?.innerHTML).toBe('<ol><li>Deposits</li></ol>');
    expect(kept?.className).toBe('block block--TermsList');
  });

  it('renders nothing for it where there is no server HTML to keep (a client-side navigation)', async () => {
    const terms = { ...block('blocks.terms-list', { title: 'Terms' }), key: 't' };
    const root = await mount(<BlockList blocks={[terms]} zone="footer" />);
    expect(root.querySelector('.block')).toBeNull();
  });

  it('gives every rendered block a stable id from its zone and position', () => {
    const html = renderStatic(<BlockList blocks={[{ ...block('blocks.wysiwyg', { body: '<p>x</p>' }), key: '4' }]} zone="header" />);
    expect(html).toContain('data-block-id="header-4"');
  });
});
