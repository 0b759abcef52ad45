import { describe, expect, it } from 'vitest';
import { block, image } from '../../../../../test/support/blocks.js';
import { renderStatic } from '../../../../../test/support/render.js';
import { ModalRoom } from './ModalRoom.js';

const room = (props: Record<string, unknown> = {}) =>
  block('modals.room', {
    title: 'Ocean View Suite',
    images: [image, { ...image, url: '/assets/media/pool.jpg', alt: 'Infinity pool', formats: [] }],
    body: '<p>From <strong>USD 480</strong> per night.</p>',
    features: ['62 m²', 'King bed', 'Soaking tub', ''],
    cta: { kind: 'internal', label: 'Book this suite', slug: 'rooms/ocean-view-suite' },
    ...props,
  });

describe('modals.room', () => {
  it('in a modal: no own title (the dialog heading has it), a labelled, focusable image strip, body, checked features, cta button', () => {
    const html = renderStatic(<ModalRoom block={room()} index={0} inModal />);
    expect(html).not.toContain('<h2');
    expect(html).toContain('<div class="modal-room__strip" role="region" aria-label="Photos of Ocean View Suite" tabindex="0">');
    expect(html).toContain('alt="The bay at dawn"');
    expect(html).toContain('alt="Infinity pool"');
    // The first image is what the dialog opens on: not lazy.
    expect(html).toMatch(/<img[^>]*src="\/assets\/media\/sea\.abc\.jpg"[^>]*loading="eager"/);
    expect(html).toContain('<strong>USD 480</strong>');
    expect(html).toContain('<ul class="modal-room__features" aria-label="Features">');
    expect(html.match(/<li><svg[^>]*aria-hidden="true"/g)).toHaveLength(3);
    expect(html).toContain('King bed');
    expect(html).toContain('Soaking tub');
    expect(html).toMatch(/<a class="button button--primary modal-item__cta" href="\/rooms\/ocean-view-suite"[^>]*>Book this suite<\/a>/);
  });

  it('on a page: its own h2 title, one image shown plain (no strip)', () => {
    const html = renderStatic(<ModalRoom block={room({ images: [image] })} index={2} />);
    expect(html).toContain('<h2 class="modal-item__title">Ocean View Suite</h2>');
    expect(html).toContain('container container--narrow');
    expect(html).not.toContain('modal-room__strip');
    expect(html).toMatch(/<img class="modal-room__image"[^>]*loading="lazy"/);
  });

  it('Spanish labels; nothing rendered for missing parts', () => {
    const html = renderStatic(<ModalRoom block={room({ features: [], cta: null })} index={0} inModal />, { locale: 'es', page: { path: '/es' } });
    expect(html).toContain('aria-label="Fotos de Ocean View Suite"');
    expect(html).not.toContain('modal-room__features');
    expect(html).not.toContain('modal-item__cta');
  });
});
