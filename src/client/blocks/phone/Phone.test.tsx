import { describe, expect, it } from 'vitest';
import { block } from '../../../../test/support/blocks.js';
import { renderStatic } from '../../../../test/support/render.js';
import { ZoneContext } from '../../page/zone.js';
import { Phone, phoneNumbers, telHref } from './Phone.js';

const numbers = [
  { label: 'Reservations from the US & Canada', number: '+1 888 555 0142', countries: ['USA', 'CAN'] },
  { label: 'Reservations from Mexico', number: '800 555 0199', countries: ['MEX'] },
  { label: 'Reservations from anywhere else', number: '+52 (984) 555-0100', countries: null },
];
const phone = block('blocks.phone', { numbers });
const render = (country: string, b = phone) => renderStatic(<Phone block={b} index={0} />, { page: { country } });
const inZone = (zone: 'page' | 'header' | 'footer') =>
  renderStatic(
    <ZoneContext.Provider value={zone}>
      <Phone block={phone} index={0} />
    </ZoneContext.Provider>,
    { page: { country: 'USA' } },
  );

describe('blocks.phone (spec §5, rule 30)', () => {
  it('shows the first number geolocated to the page country as a tel: link with its label', () => {
    const html = render('USA');
    expect(html).toContain('href="tel:+18885550142"');
    expect(html).toContain('<span class="phone__label">Reservations from the US &amp; Canada</span>');
    expect(html).toContain('<span class="phone__number">+1 888 555 0142</span>');
    expect(html).not.toContain('800 555 0199');
  });

  it('is a labelled landmark in a layout zone (outside the banner), and no second one inside the page content', () => {
    expect(inZone('header')).toMatch(/^<aside class="phone" aria-label="Reservations by phone">/);
    expect(inZone('footer')).toMatch(/^<aside class="phone" aria-label="Reservations by phone">/);
    expect(inZone('page')).toMatch(/^<div class="phone"><a class="phone__link" href="tel:\+18885550142">/);
  });

  it("rule 30: re-selects for another country (usePage().country is the visitor's after hydration)", () => {
    const html = render('MEX');
    expect(html).toContain('href="tel:8005550199"');
    expect(html).toContain('Reservations from Mexico');
  });

  it('spec §5: falls back to the item with no country list, then to one with an empty list', () => {
    expect(render('FRA')).toContain('href="tel:+529845550100"');
    const emptyList = block('blocks.phone', { numbers: [numbers[0]!, { label: 'Everyone', number: '555 0000', countries: [] }] });
    expect(render('DEU', emptyList)).toContain('href="tel:5550000"');
  });

  it('renders nothing when no number is geolocated, or numbers is not a list', () => {
    expect(render('FRA', block('blocks.phone', { numbers: [numbers[0]!] }))).toBe('');
    // Spec §5: a geolocated list is checked in the browser too (a payload not written by this build).
    expect(render('USA', block('blocks.phone', { numbers: 'nope' as never }))).toBe('');
  });

  it('uses the translated "Call us" when the CMS gives no label', () => {
    const bare = block('blocks.phone', { numbers: [{ number: '+1 555 0100', countries: null }] });
    expect(render('USA', bare)).toContain('<span class="phone__label">Call us</span>');
    expect(renderStatic(<Phone block={bare} index={0} />, { locale: 'es', page: { country: 'MEX' } })).toContain('Llámanos');
  });
});

describe('telHref', () => {
  it.each([
    ['+1 888 555 0142', 'tel:+18885550142'],
    ['800 555 0199', 'tel:8005550199'],
    ['+52 (984) 555-0100', 'tel:+529845550100'],
    [' +1.888.555.0142 ext ', 'tel:+18885550142'],
    ['1+2', 'tel:12'],
  ])('%s → %s (digits and a leading + only)', (number, href) => {
    expect(telHref(number)).toBe(href);
  });
});

describe('phoneNumbers', () => {
  it('drops entries without digits and keeps countries as a list or null', () => {
    expect(
      phoneNumbers([
        { label: 'x', number: 'call us' },
        { number: '123', countries: ['MEX'] },
      ]),
    ).toEqual([{ label: '', number: '123', countries: ['MEX'] }]);
  });
});
