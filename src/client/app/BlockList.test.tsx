import { beforeAll, describe, expect, it } from 'vitest';
import { loadBlocks } from '../blocks/registry.js';
import { renderStatic } from '../test/render.js';
import { block } from '../test/blocks.js';
import { BlockList, inDateRange } from './BlockList.js';

// Blocks are lazy chunks: loaded before rendering, as the app does before hydration.
beforeAll(() => loadBlocks(['blocks.wysiwyg']));

describe('BlockList: registry and country targeting (spec §5, rule 30)', () => {
  const blocks = [
    { ...block('blocks.wysiwyg', { body: '<p>For Mexico</p>' }, ['MEX']), key: '0' },
    { ...block('blocks.wysiwyg', { body: '<p>For everyone</p>' }, null), key: '1' },
    { ...block('blocks.wysiwyg', { body: '<p>For the US</p>' }, ['USA', 'CAN']), key: '2' },
    { ...block('blocks.does-not-exist', { title: 'x' }), key: '3' },
  ];

  it('renders the blocks targeted to the page country, in order, by display name', () => {
    const html = renderStatic(<BlockList blocks={blocks} />, { page: { country: 'USA' } });
    expect(html).not.toContain('For Mexico');
    expect(html.indexOf('For everyone')).toBeLessThan(html.indexOf('For the US'));
    expect(html).toContain('data-block="Wysiwyg"');
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
