import { describe, expect, it } from 'vitest';
import { renderStatic } from '../test/render.js';
import { block } from '../test/blocks.js';
import { BlockList } from './BlockList.js';

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
