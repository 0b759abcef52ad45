import { describe, expect, it } from 'vitest';
import { block } from '../../../../../test/support/blocks.js';
import { renderStatic } from '../../../../../test/support/render.js';
import { ModalWysiwyg } from './ModalWysiwyg.js';

const policy = block('modals.wysiwyg', { title: 'Booking policy', body: '<p>A one-night deposit. Read the <a href="/terms">terms</a>.</p>' });

describe('modals.wysiwyg', () => {
  it('in a modal: the body only (the dialog heading is the title)', () => {
    const html = renderStatic(<ModalWysiwyg block={policy} index={0} inModal />);
    expect(html).toBe('<article class="modal-item modal-wysiwyg"><div class="rich-text"><p>A one-night deposit. Read the <a href="/terms">terms</a>.</p></div></article>');
  });

  it('on a page: title as h2 in a narrow column', () => {
    const html = renderStatic(<ModalWysiwyg block={policy} index={1} />);
    expect(html).toContain('<article class="modal-item modal-wysiwyg container container--narrow"><h2 class="modal-item__title">Booking policy</h2>');
  });
});
