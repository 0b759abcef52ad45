import { describe, expect, it } from 'vitest';
import { block } from '../../../../test/support/blocks.js';
import { renderStatic } from '../../../../test/support/render.js';
import { slugify, termsOf } from './terms-ids.js';
import { TermsList } from './TermsList.js';

describe('blocks.terms-list', () => {
  it('an ordered list of numbered h3 terms, each with a linkable id from its title', () => {
    const html = renderStatic(
      <TermsList
        block={block('blocks.terms-list', {
          title: 'Terms list',
          items: [
            { title: 'Deposits', body: '<p>One night, charged when you book.</p>' },
            { title: 'Cancellations', body: '<p>Free up to 14 days before arrival.</p>' },
          ],
        })}
        index={0}
      />,
    );
    expect(html).toMatch(/<section class="terms-list container--narrow" aria-labelledby="[^"]+"><h2 id="[^"]+" class="terms-list__title">Terms list<\/h2>/);
    expect(html).toContain('<ol class="terms-list__items" role="list">');
    expect(html).toContain(
      '<li id="terms-deposits" class="terms-list__item"><h3 class="terms-list__heading"><span class="terms-list__number">1.</span> Deposits</h3><div class="rich-text terms-list__body"><p>One night, charged when you book.</p></div></li>',
    );
    expect(html).toContain('<li id="terms-cancellations" class="terms-list__item"><h3 class="terms-list__heading"><span class="terms-list__number">2.</span> Cancellations</h3>');
  });

  it('keeps the numbers the content already has (no "1. 1."), and ids without them', () => {
    expect(termsOf(['1. Reservations and payment', '2) Cancellations', '3.1 Pets', '2026 rates'])).toEqual([
      { number: '1', title: 'Reservations and payment', id: 'terms-reservations-and-payment' },
      { number: '2', title: 'Cancellations', id: 'terms-cancellations' },
      { number: '3.1', title: 'Pets', id: 'terms-pets' },
      { number: '4', title: '2026 rates', id: 'terms-2026-rates' },
    ]);
  });

  it('ids are unique and never empty; Spanish titles fold their accents', () => {
    expect(termsOf(['Depósitos', 'Depósitos', '', '¿?']).map((t) => t.id)).toEqual(['terms-depositos', 'terms-depositos-2', 'terms-3', 'terms-4']);
    expect(slugify('Cancelación y cambios')).toBe('cancelacion-y-cambios');
    expect(slugify('Niños & mascotas')).toBe('ninos-mascotas');
  });

  it('renders nothing without items', () => {
    expect(renderStatic(<TermsList block={block('blocks.terms-list', { title: 'x', items: null })} index={0} />)).toBe('');
  });
});
