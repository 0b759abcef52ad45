import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { withProviders } from '../../../../test/support/render.js';
import { Booking } from './Booking.js';
import { bookingBlock } from './booking.fixture.js';
import { changedDraft } from './changed-draft.js';
import { bookingConfig } from './config.js';

/** The widget's static HTML in the document, and its fields' ids as the form names them (useId + field). */
function serve() {
  const block = bookingBlock();
  document.body.innerHTML = renderToString(withProviders(<Booking block={block} index={1} />));
  const uid = document.querySelector('input[id$="-promo"]')!.id.replace(/-promo$/, '');
  return { config: bookingConfig(block.props), idOf: (field: string) => `${uid}-${field}` };
}

const input = (idOf: (field: string) => string, field: string) => document.getElementById(idOf(field)) as HTMLInputElement;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('changedDraft: what the visitor changed in the widget before it hydrated', () => {
  it('is empty for the widget as served', () => {
    const { config, idOf } = serve();
    expect(changedDraft(config, idOf)).toEqual({});
  });

  it('takes the mode, the resort text (picking the resort it names), the dates and the promo code, a cleared code included', () => {
    const { config, idOf } = serve();
    document.querySelector<HTMLInputElement>('input[type="radio"][value="flight"]')!.checked = true;
    input(idOf, 'resort').value = 'marea punta mita';
    input(idOf, 'checkin').value = '07/01/2026';
    input(idOf, 'checkout').value = '07/04/2026';
    input(idOf, 'promo').value = '';
    expect(changedDraft(config, idOf)).toEqual({
      mode: 'flight',
      resort: { code: 'MPMT', text: 'marea punta mita' },
      checkin: '07/01/2026',
      checkout: '07/04/2026',
      promo: '',
    });
    input(idOf, 'resort').value = 'Atlantis';
    expect(changedDraft(config, idOf).resort).toEqual({ code: '', text: 'Atlantis' });
  });
});
