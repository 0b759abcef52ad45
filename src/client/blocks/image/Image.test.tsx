import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../../../test/support/render.js';
import { block, image } from '../../../../test/support/blocks.js';
import { Image } from './Image.js';

describe('blocks.image', () => {
  it('renders a lazy, sized image with srcset, sizes and caption below the fold', () => {
    const html = renderStatic(<Image block={block('blocks.image', { media: image, caption: 'Dawn over the bay' })} index={3} />);
    expect(html).toContain('alt="The bay at dawn"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('width="1600" height="900"');
    expect(html).toMatch(/srcSet="[^"]*500w[^"]*1000w[^"]*1600w"/);
    expect(html).toContain('sizes="(min-width: 72rem) 72rem, 100vw"');
    expect(html).toContain('<figcaption>Dawn over the bay</figcaption>');
  });

  it('renders nothing without media', () => {
    expect(renderStatic(<Image block={block('blocks.image', { media: null })} index={0} />)).toBe('');
  });
});
