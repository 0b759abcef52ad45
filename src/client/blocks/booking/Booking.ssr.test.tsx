import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../../../test/support/render.js';
import { Booking } from './Booking.js';
import { bookingBlock } from './booking.fixture.js';

const ssr = (props: Record<string, unknown> = {}, options: Parameters<typeof renderStatic>[1] = {}) => renderStatic(<Booking block={bookingBlock(props)} index={1} />, options);

describe('blocks.booking: server render', () => {
  it('has every field with its label and sensible defaults in the static HTML', () => {
    const html = ssr();
    expect(html).toContain('Plan your escape');
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="hotel"/);
    expect(html).toContain('Flight + Hotel');
    expect(html).toMatch(/<label[^>]*>Resort<\/label>/);
    expect(html).toMatch(/role="combobox"[^>]*aria-expanded="false"[^>]*value="Marea Tulum"/);
    expect(html).toMatch(/<label for="[^"]+">Check-in<\/label><input[^>]*aria-describedby="([^"]+)"[^>]*><p id="\1" class="booking__hint">mm\/dd\/yyyy<\/p>/);
    expect(html).toContain('Check-out');
    expect(html).toContain('2 adults, 0 children, 1 room');
    expect(html).toMatch(/<select[^>]*><option value="1">1<\/option><option value="2" selected="">2<\/option>/);
    expect(html).toMatch(/Promo code[\s\S]*value="WELCOME5"/);
    expect(html).toContain('Offer applied: 5% off your first stay');
    expect(html).toContain('href="#modal=groups-request"');
    expect(html).toMatch(/<button type="submit"[^>]*>Book<\/button>/);
  });

  it('leaves the dates empty: they depend on "today", filled after hydration', () => {
    const html = ssr();
    const dates = [...html.matchAll(/<input[^>]*inputMode="numeric"[^>]*>/g)].map((m) => m[0]);
    expect(dates).toHaveLength(2);
    for (const input of dates) expect(input).toContain('value=""');
  });

  it('lists the resorts grouped by destination, hidden until opened, and no airport in Hotel mode', () => {
    const html = ssr();
    expect(html).toMatch(/role="listbox"[^>]*hidden=""/);
    expect(html).toMatch(/role="group"[^>]*>.*Riviera Maya.*Marea Tulum.*Marea Playa del Carmen.*<\/div><\/div><div role="group"[^>]*>.*Riviera Nayarit.*Marea Punta Mita/);
    expect(html).not.toContain('Departure airport');
    expect(html).not.toContain('role="dialog"');
  });

  it('speaks Spanish on Spanish pages: labels, dd/mm/aaaa, buttons', () => {
    const html = ssr({ title: 'Planea tu escapada' }, { locale: 'es', page: { path: '/es', country: 'MEX' } });
    for (const text of [
      'Planea tu escapada',
      'Vuelo + Hotel',
      '>Llegada</label>',
      'dd/mm/aaaa',
      'Salida',
      '2 adultos, 0 menores, 1 habitación',
      'Código promocional',
      'Grupos',
      '>Reservar<',
      'Buscar disponibilidad',
    ]) {
      expect(html).toContain(text);
    }
  });

  it('pre-fills the first active promo code for the country the page renders for', () => {
    expect(ssr({}, { page: { country: 'MEX' } })).toMatch(/value="MEXICO15"/);
    expect(ssr({}, { page: { country: 'USA', now: new Date('2026-11-01T00:00:00Z') } })).toMatch(/value="WINTERUS"/);
    expect(ssr({ promocodes: [] })).not.toContain('Offer applied');
  });

  it('spec §5: a promocodes list that is not an array is the 503 "promocodes must be an Array"', () => {
    expect(() => ssr({ promocodes: { code: 'X' } })).toThrow(expect.objectContaining({ status: 503, message: 'promocodes must be an Array' }));
  });

  it('Groups goes to groupsUrl when the content names no modal', () => {
    const html = ssr({ groupsModal: null });
    expect(html).toMatch(/<a class="booking__groups" href="https:\/\/groups\.marea-resorts\.example\/request\?lang=en" rel="noopener noreferrer">Groups<\/a>/);
    expect(ssr({ groupsModal: null, groupsUrl: null })).not.toContain('booking__groups');
  });
});
