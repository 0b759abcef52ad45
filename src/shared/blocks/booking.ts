import { DEFAULT_GUEST_LIMITS } from '../block-values.js';
import { declare, engineUrl, list, modal, number, promoCodes, text, url } from './fields.js';

const limit = (key: keyof typeof DEFAULT_GUEST_LIMITS) => number('a number', "the widget's default limit is used", { default: DEFAULT_GUEST_LIMITS[key] });

/** The booking widget: resorts, airports, dates and guests, handed off to the booking engine's URL. */
export const booking = declare(
  'blocks.booking',
  {
    title: text(),
    defaultResort: text(),
    defaultAirport: text(),
    airports: list({ code: text(), name: text() }),
    resorts: list({ code: text(), name: text(), destination: text() }),
    promocodes: promoCodes(),
    engineUrl: engineUrl(),
    groupsUrl: url(),
    groupsModal: modal(),
    maxAdults: limit('maxAdults'),
    maxChildren: limit('maxChildren'),
    maxRooms: limit('maxRooms'),
  },
  {
    label: 'Booking widget',
    icon: 'calendar',
    description: 'Resort, dates and guests, handed to the booking engine, with promo codes.',
    descriptionEs: 'Hotel, fechas y huéspedes para el motor de reservas, con códigos promocionales.',
    labels: {
      defaultResort: 'Resort chosen first (code)',
      defaultAirport: 'Airport chosen first (code)',
      promocodes: 'Promo codes',
      groupsUrl: 'Groups URL',
      groupsModal: 'Groups modal',
      maxAdults: 'Most adults',
      maxChildren: 'Most children',
      maxRooms: 'Most rooms',
    },
  },
  // A locale's resorts, offered by every form's destination field (resolve-page-data.ts `resortsOf`).
  { readAcrossPages: true },
);
