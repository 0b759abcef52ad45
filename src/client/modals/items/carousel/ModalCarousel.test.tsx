import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../../../../test/support/render.js';
import { carousel } from '../../../blocks/carousel/carousel.fixture.js';
import ModalCarousel from './index.js';

describe('modals.carousel', () => {
  it('renders the same carousel without its own title (the dialog shows it), labelled by it', () => {
    const html = renderStatic(<ModalCarousel block={{ ...carousel(), component: 'modals.carousel' }} index={0} />);
    expect(html).not.toContain('<h2');
    expect(html).toContain('class="carousel carousel--modal" aria-roledescription="carousel" aria-label="Rooms that open onto the tide"');
    expect(html).not.toContain('loading="eager"');
    expect(html).toContain('Ocean View Suite');
  });
});
