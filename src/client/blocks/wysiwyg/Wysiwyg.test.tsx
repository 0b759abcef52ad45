import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../../../test/support/render.js';
import { block } from '../../../../test/support/blocks.js';
import { Wysiwyg } from './Wysiwyg.js';

describe('blocks.wysiwyg', () => {
  it('inserts the build-time sanitised HTML as it is', () => {
    const html = renderStatic(<Wysiwyg block={block('blocks.wysiwyg', { body: '<h2>Dining</h2><p>Five <strong>restaurants</strong>.</p>' })} index={0} />);
    expect(html).toContain('<div class="rich-text"><h2>Dining</h2><p>Five <strong>restaurants</strong>.</p></div>');
  });

  it('renders no empty wrapper for an empty body', () => {
    expect(renderStatic(<Wysiwyg block={block('blocks.wysiwyg', { body: '' })} index={0} />)).not.toContain('rich-text');
  });
});
