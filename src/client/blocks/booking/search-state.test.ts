import { describe, expect, it } from 'vitest';
import { bookingConfig } from './config.js';
import { draftReducer, initialDraft } from './search-state.js';

const config = bookingConfig({
  resorts: [{ code: 'MTUL', name: 'Marea Tulum', destination: 'Riviera Maya' }],
  airports: [{ code: 'DFW', name: 'Dallas/Fort Worth' }],
  defaultResort: 'MTUL',
  defaultAirport: 'dfw',
  maxRooms: 2,
  maxAdults: 1,
});

describe('booking draft', () => {
  it('starts in Hotel mode with the default resort and airport, one room, no dates, the suggested promo', () => {
    expect(initialDraft(config)).toEqual({
      mode: 'hotel',
      resort: { code: 'MTUL', text: 'Marea Tulum' },
      airport: { code: 'DFW', text: 'Dallas/Fort Worth (DFW)' },
      checkin: '',
      checkout: '',
      rooms: [{ adults: 1, children: 0, ages: [] }],
      promo: null,
    });
  });

  it('leaves a default that is not in the list unselected', () => {
    expect(initialDraft(bookingConfig({ resorts: [], defaultResort: 'MTUL' })).resort).toEqual({ code: '', text: '' });
  });

  it('adds rooms up to the limit and never removes the last one', () => {
    let draft = initialDraft(config);
    const add = { type: 'addRoom', maxRooms: 2, maxAdults: 1 } as const;
    draft = draftReducer(draftReducer(draftReducer(draft, add), add), add);
    expect(draft.rooms).toHaveLength(2);
    draft = draftReducer(draftReducer(draftReducer(draft, { type: 'removeRoom', room: 1 }), { type: 'removeRoom', room: 0 }), { type: 'removeRoom', room: 0 });
    expect(draft.rooms).toHaveLength(1);
  });

  it('keeps the ages already chosen when the number of children changes', () => {
    let draft = draftReducer(initialDraft(config), { type: 'children', room: 0, count: 2 });
    draft = draftReducer(draft, { type: 'age', room: 0, child: 1, age: '9' });
    expect(draft.rooms[0]!.ages).toEqual(['', '9']);
    draft = draftReducer(draft, { type: 'children', room: 0, count: 3 });
    expect(draft.rooms[0]!.ages).toEqual(['', '9', '']);
    draft = draftReducer(draft, { type: 'children', room: 0, count: 1 });
    expect(draft.rooms[0]!.ages).toEqual(['']);
  });

  it('keeps typed text as it is, whatever it is', () => {
    let draft = draftReducer(initialDraft(config), { type: 'resort', choice: { code: '', text: 'Tulm' } });
    draft = draftReducer(draft, { type: 'dates', checkin: '31/31/2026' });
    draft = draftReducer(draft, { type: 'promo', text: 'bad code!' });
    expect(draft).toMatchObject({ resort: { code: '', text: 'Tulm' }, checkin: '31/31/2026', checkout: '', promo: 'bad code!' });
  });
});
