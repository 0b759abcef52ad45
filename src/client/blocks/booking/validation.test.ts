import { describe, expect, it } from 'vitest';
import type { BookingConfig } from './config.js';
import { FIELD, validateDraft, type ValidationContext } from './validation.js';
import type { BookingDraft } from './search-state.js';

const config: Pick<BookingConfig, 'resorts' | 'airports' | 'limits'> = {
  resorts: [{ code: 'MTUL', name: 'Marea Tulum', destination: 'Riviera Maya' }],
  airports: [{ code: 'DFW', name: 'Dallas/Fort Worth (DFW)' }],
  limits: { maxRooms: 3, maxAdults: 4, maxChildren: 2 },
};
const ctx: ValidationContext = { config, locale: 'en', today: new Date(2026, 5, 15) };

const valid: BookingDraft = {
  mode: 'hotel',
  resort: { code: 'MTUL', text: 'Marea Tulum' },
  airport: { code: '', text: '' },
  checkin: '06/20/2026',
  checkout: '06/24/2026',
  rooms: [
    { adults: 2, children: 1, ages: ['7'] },
    { adults: 1, children: 0, ages: [] },
  ],
  promo: ' summer26 ',
};

const errorsOf = (draft: Partial<BookingDraft>, context: Partial<ValidationContext> = {}) =>
  Object.fromEntries(Object.entries(validateDraft({ ...valid, ...draft }, { ...ctx, ...context }).errors).map(([field, e]) => [field, e.key]));

describe('booking validation matrix (booking widget, docs/architecture.md)', () => {
  it('turns a valid draft into the hand-off search, promo upper case, totals over rooms', () => {
    expect(validateDraft(valid, ctx)).toEqual({
      errors: {},
      search: {
        mode: 'hotel',
        resort: 'MTUL',
        airport: '',
        checkin: '2026-06-20',
        checkout: '2026-06-24',
        nights: 4,
        rooms: 2,
        adults: 3,
        children: 1,
        ages: [7],
        promo: 'SUMMER26',
        lang: 'en',
      },
    });
  });

  it('reads dates in the Spanish order on Spanish pages', () => {
    const { search } = validateDraft({ ...valid, checkin: '20/06/2026', checkout: '21/06/2026' }, { ...ctx, locale: 'es' });
    expect(search).toMatchObject({ checkin: '2026-06-20', checkout: '2026-06-21', nights: 1, lang: 'es' });
  });

  it.each([
    ['06/15/2026', '06/16/2026', {}],
    ['06/15/2026', '07/15/2026', {}],
    ['06/15/2026', '07/16/2026', { checkout: 'tooManyNights' }],
    ['06/20/2026', '06/20/2026', { checkout: 'checkoutBeforeCheckin' }],
    ['06/20/2026', '06/19/2026', { checkout: 'checkoutBeforeCheckin' }],
    ['06/14/2026', '06/16/2026', { checkin: 'datePast' }],
    ['', '', { checkin: 'dateRequired', checkout: 'dateRequired' }],
    ['20/06/2026', 'tomorrow', { checkin: 'dateFormat', checkout: 'dateFormat' }],
    ['02/30/2027', '07/02/2026', { checkin: 'dateFormat' }],
  ])('nights: %s → %s gives %j', (checkin, checkout, expected) => {
    expect(errorsOf({ checkin, checkout })).toEqual(expected);
  });

  it('mode: the airport is required in Flight + Hotel mode only, and must be one of the list', () => {
    expect(errorsOf({ mode: 'hotel' })).toEqual({});
    expect(errorsOf({ mode: 'flight' })).toEqual({ airport: 'airportRequired' });
    expect(errorsOf({ mode: 'flight', airport: { code: '', text: 'Dalas' } })).toEqual({ airport: 'airportUnknown' });
    const { search } = validateDraft({ ...valid, mode: 'flight', airport: { code: 'DFW', text: 'Dallas/Fort Worth (DFW)' } }, ctx);
    expect(search).toMatchObject({ mode: 'flight', airport: 'DFW' });
  });

  it('a resort is required and must be one of the list', () => {
    expect(errorsOf({ resort: { code: '', text: '' } })).toEqual({ resort: 'resortRequired' });
    expect(errorsOf({ resort: { code: '', text: 'Tulum beach' } })).toEqual({ resort: 'resortUnknown' });
    expect(errorsOf({ resort: { code: 'XXXX', text: 'Gone' } })).toEqual({ resort: 'resortUnknown' });
  });

  it.each([
    [[], { rooms: 'roomsRange' }],
    [[1, 1, 1], {}],
    [[1, 1, 1, 1], { rooms: 'roomsRange' }],
  ])('rooms: %j adults per room gives %j', (adults, expected) => {
    expect(errorsOf({ rooms: adults.map((a) => ({ adults: a, children: 0, ages: [] })) })).toEqual(expected);
  });

  it.each([
    [0, 0, { [FIELD.adults(0)]: 'adultsRange' }],
    [1, 0, {}],
    [4, 2, { [FIELD.age(0, 0)]: 'ageRequired', [FIELD.age(0, 1)]: 'ageRequired' }],
    [5, 0, { [FIELD.adults(0)]: 'adultsRange' }],
    [2, 3, { [FIELD.children(0)]: 'childrenRange', [FIELD.age(0, 0)]: 'ageRequired', [FIELD.age(0, 1)]: 'ageRequired', [FIELD.age(0, 2)]: 'ageRequired' }],
    [1.5, 0, { [FIELD.adults(0)]: 'adultsRange' }],
  ])('guests: %i adults and %i children without ages gives %j', (adults, children, expected) => {
    expect(errorsOf({ rooms: [{ adults, children, ages: [] }] })).toEqual(expected);
  });

  it.each([
    [['0', '17'], {}],
    [['', '3'], { [FIELD.age(0, 0)]: 'ageRequired' }],
    [['18', '3'], { [FIELD.age(0, 0)]: 'ageRange' }],
    [['-1', 'x'], { [FIELD.age(0, 0)]: 'ageRange', [FIELD.age(0, 1)]: 'ageRange' }],
  ])('ages: %j gives %j', (ages, expected) => {
    expect(errorsOf({ rooms: [{ adults: 2, children: 2, ages }] })).toEqual(expected);
  });

  it('ignores ages beyond the number of children and sends the ages in room order', () => {
    const rooms = [
      { adults: 2, children: 1, ages: ['4', '9'] },
      { adults: 2, children: 2, ages: ['12', '0'] },
    ];
    expect(validateDraft({ ...valid, rooms }, ctx).search).toMatchObject({ adults: 4, children: 3, ages: [4, 12, 0] });
  });

  it('promo: checks the format, empty is fine, the suggested code is used while none is typed', () => {
    expect(errorsOf({ promo: 'SUMMER 26' })).toEqual({ promo: 'promoFormat' });
    expect(errorsOf({ promo: '' })).toEqual({});
    expect(validateDraft({ ...valid, promo: null }, { ...ctx, suggestedPromo: 'WELCOME5' }).search?.promo).toBe('WELCOME5');
    expect(validateDraft({ ...valid, promo: '' }, { ...ctx, suggestedPromo: 'WELCOME5' }).search?.promo).toBe('');
  });

  it('lists errors in the order of the form and gives no search while any remains', () => {
    const result = validateDraft({ ...valid, mode: 'flight', resort: { code: '', text: '' }, checkin: '', promo: '!', rooms: [{ adults: 2, children: 1, ages: [''] }] }, ctx);
    expect(Object.keys(result.errors)).toEqual(['resort', 'airport', 'checkin', FIELD.age(0, 0), 'promo']);
    expect(result.search).toBeNull();
  });
});
