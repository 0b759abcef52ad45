import { describe, expect, it } from 'vitest';
import { block, image } from '../../../../../test/support/blocks.js';
import { renderStatic } from '../../../../../test/support/render.js';
import { ModalService } from './ModalService.js';

const service = (props: Record<string, unknown> = {}) =>
  block('modals.service', {
    title: 'Sak Ha Spa rituals',
    media: image,
    body: '<p>Temazcal, Ix Chel massage or a cacao wrap.</p>',
    cta: { kind: 'internal', label: 'See the spa', slug: 'services/spa' },
    ...props,
  });

describe('modals.service', () => {
  it('in a modal: media, body and cta, no own title', () => {
    const html = renderStatic(<ModalService block={service()} index={0} inModal />, { url: '/?utm_source=x' });
    expect(html).not.toContain('<h2');
    expect(html).toMatch(/<img class="modal-item__media"[^>]*srcSet="[^"]*500w/i);
    expect(html).toContain('alt="The bay at dawn"');
    expect(html).toContain('Temazcal, Ix Chel massage');
    expect(html).toMatch(/href="\/services\/spa"[^>]*>See the spa</);
  });

  it('a video plays only when asked (controls, muted, no autoplay)', () => {
    const video = { ...image, kind: 'video', url: '/assets/media/spa.mp4', mime: 'video/mp4', formats: [] };
    const html = renderStatic(<ModalService block={service({ media: video })} index={0} inModal />);
    expect(html).toMatch(/<video class="modal-item__media" src="\/assets\/media\/spa.mp4" controls="" muted=""/);
    expect(html).not.toContain('autoplay');
  });

  it('on a page: its own h2 title', () => {
    expect(renderStatic(<ModalService block={service({ media: null })} index={3} />)).toContain('<h2 class="modal-item__title">Sak Ha Spa rituals</h2>');
  });
});
