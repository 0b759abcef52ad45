import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../../../../test/support/render.js';
import { Booking } from './Booking.js';
import { bookingBlock, choose, click, field, typeInto } from './booking.fixture.js';
import { STORAGE_KEY } from './storage.js';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  delete window.dataLayer;
});
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  document.body.innerHTML = '';
});

const submit = (root: HTMLElement) => click(root.querySelector<HTMLButtonElement>('button[type="submit"]')!);

describe('blocks.booking: submit', () => {
  it('fills the dates after hydration: from tomorrow, 3 nights', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    expect(field(root, /^Check-in/).value).toBe('06/16/2026');
    expect(field(root, /^Check-out/).value).toBe('06/19/2026');
  });

  it('hands a valid search to the engine URL with every value, pushes bookingSearch and remembers it', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />, { url: '/?utm_source=mail&utm_campaign=june&ref=x' });
    await click(root.querySelector<HTMLInputElement>('input[value="flight"]')!);
    await typeInto(field(root, 'Departure airport'), 'yyz');
    await typeInto(field(root, /^Check-in/), '7/1/2026');
    await typeInto(field(root, /^Check-out/), '07/05/2026');
    await choose(field<HTMLSelectElement>(root, /^Children/), '2');
    await choose(field<HTMLSelectElement>(root, 'Age of child 1'), '4');
    await choose(field<HTMLSelectElement>(root, 'Age of child 2'), '11');
    await typeInto(field(root, /^Promo code/), 'summer26');
    await submit(root);
    const url =
      'https://booking.marea-resorts.example/search?resort=MTUL&airport=YYZ&in=2026-07-01&out=2026-07-05&rooms=1&adults=2&children=2&ages=4%2C11&promo=SUMMER26&lang=en&mode=flight&utm_source=mail&utm_campaign=june';
    expect(assign).toHaveBeenCalledWith(url);
    expect(window.dataLayer).toEqual([
      {
        event: 'bookingSearch',
        mode: 'flight',
        resort: 'MTUL',
        airport: 'YYZ',
        checkin: '2026-07-01',
        checkout: '2026-07-05',
        nights: 4,
        rooms: 1,
        adults: 2,
        children: 2,
        ages: [4, 11],
        promo: 'SUMMER26',
        lang: 'en',
      },
    ]);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY)!)).toMatchObject({
      resort: 'MTUL',
      airport: 'YYZ',
      promo: 'SUMMER26',
      rooms: [{ adults: 2, children: 2, ages: [4, 11] }],
    });
  });

  it('pre-fills the next visit from the remembered search', async () => {
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        v: 1,
        mode: 'flight',
        resort: 'MPMT',
        airport: 'MEX',
        checkin: '2026-08-01',
        checkout: '2026-08-03',
        rooms: [
          { adults: 1, children: 0, ages: [] },
          { adults: 3, children: 0, ages: [] },
        ],
        promo: null,
      }),
    );
    const root = await mount(<Booking block={bookingBlock()} index={1} />, { locale: 'es', page: { path: '/es', country: 'MEX' } });
    expect(field(root, 'Resort').value).toBe('Marea Punta Mita');
    expect(field(root, 'Aeropuerto de salida').value).toBe('Mexico City (MEX)');
    expect(field(root, /^Llegada/).value).toBe('01/08/2026');
    expect(root.textContent).toContain('4 adultos, 0 menores, 2 habitaciones');
    expect(field(root, /^Código promocional/).value).toBe('MEXICO15');
  });

  it('ignores a corrupt remembered search', async () => {
    window.localStorage.setItem(STORAGE_KEY, '{"v":1,"resort":');
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    expect(field(root, 'Resort').value).toBe('Marea Tulum');
  });

  it('explains every invalid field beside it, announces them, focuses the first and keeps what was typed', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    await typeInto(field(root, 'Resort'), 'Cancun');
    await typeInto(field(root, /^Check-in/), '06/20/2026');
    await typeInto(field(root, /^Check-out/), '08/20/2026');
    await choose(field<HTMLSelectElement>(root, /^Children/), '1');
    await typeInto(field(root, /^Promo code/), 'no way');
    await submit(root);
    expect(assign).not.toHaveBeenCalled();
    expect(window.dataLayer).toBeUndefined();
    const expectations: [string | RegExp, string][] = [
      ['Resort', 'Choose a resort from the list.'],
      [/^Check-out/, 'Online stays are up to 30 nights. For a longer stay, please call us.'],
      ['Age of child 1', "Choose this child's age."],
      [/^Promo code/, 'Promo codes are 3 to 20 letters or digits (a dash is allowed).'],
    ];
    for (const [label, message] of expectations) {
      const input = field(root, label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = input
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(message);
    }
    expect(document.activeElement).toBe(field(root, 'Resort'));
    expect(root.querySelector('.guests__panel')!.hasAttribute('hidden')).toBe(false);
    const alert = root.querySelector('[role="alert"]')!.textContent!;
    expect(alert).toMatch(/^Please check 4 fields\. Resort: Choose a resort from the list\. Check-out: .* Room 1, Age of child 1: .* Promo code: /);
    expect(field(root, 'Resort').value).toBe('Cancun');
    expect(field(root, /^Check-out/).value).toBe('08/20/2026');
    expect(field(root, /^Promo code/).value).toBe('no way');
  });

  it('clears each message as its field is fixed', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    await typeInto(field(root, /^Check-in/), '');
    await submit(root);
    expect(field(root, /^Check-in/).getAttribute('aria-invalid')).toBe('true');
    await typeInto(field(root, /^Check-in/), '06/17/2026');
    expect(field(root, /^Check-in/).hasAttribute('aria-invalid')).toBe(false);
    expect(root.querySelectorAll('.booking__error')).toHaveLength(0);
  });

  it('mode: Flight + Hotel shows the airport field and requires it; Hotel mode does not', async () => {
    const root = await mount(<Booking block={bookingBlock({ defaultAirport: '' })} index={1} />);
    expect(root.textContent).not.toContain('Departure airport');
    await click(root.querySelector<HTMLInputElement>('input[value="flight"]')!);
    await submit(root);
    expect(document.activeElement).toBe(field(root, 'Departure airport'));
    expect(root.textContent).toContain('Choose the airport you fly from.');
    await click(root.querySelector<HTMLInputElement>('input[value="hotel"]')!);
    await submit(root);
    expect(assign).toHaveBeenCalledWith(expect.stringContaining('airport=&'));
  });

  it('rule 22: refuses an engine URL with a forbidden protocol and says booking is unavailable', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = await mount(<Booking block={bookingBlock({ engineUrl: 'javascript:alert({resort})' })} index={1} />);
    await submit(root);
    expect(assign).not.toHaveBeenCalled();
    expect(root.querySelector('[role="alert"]')!.textContent).toBe('Online booking is not available right now. Please call us.');
    expect(String(error.mock.calls[0]?.[1])).toContain("Cannot navigate to a URL with 'javascript:' protocol.");
  });
});
