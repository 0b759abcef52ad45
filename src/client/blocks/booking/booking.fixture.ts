import { act } from 'react';
import type { BlockProps } from '../../../shared/blocks/catalogue.js';
import { block } from '../../../../test/support/blocks.js';

/** Test support: the bundled site's booking block (content-cache, page all-blocks), as normalised into the payload. */
const bookingProps: BlockProps<'blocks.booking'> = {
  title: 'Plan your escape',
  defaultResort: 'MTUL',
  defaultAirport: 'DFW',
  airports: [
    { code: 'MEX', name: 'Mexico City (MEX)' },
    { code: 'DFW', name: 'Dallas/Fort Worth (DFW)' },
    { code: 'YYZ', name: 'Toronto Pearson (YYZ)' },
  ],
  resorts: [
    { code: 'MTUL', name: 'Marea Tulum', destination: 'Riviera Maya' },
    { code: 'MPDC', name: 'Marea Playa del Carmen', destination: 'Riviera Maya' },
    { code: 'MPMT', name: 'Marea Punta Mita', destination: 'Riviera Nayarit' },
  ],
  promocodes: [
    { code: 'WINTERUS', startdate: '2026-10-01T00:00:00.000Z', enddate: '2027-03-31T23:59:59.000Z', countries: ['USA', 'CAN'], label: 'Winter Escape' },
    { code: 'MEXICO15', startdate: '2026-01-01T00:00:00.000Z', enddate: null, countries: ['MEX'], label: 'Residentes mexicanos: 15%' },
    { code: 'WELCOME5', startdate: null, enddate: null, countries: null, label: '5% off your first stay' },
  ],
  engineUrl:
    'https://booking.marea-resorts.example/search?resort={resort}&airport={airport}&in={checkin}&out={checkout}&rooms={rooms}&adults={adults}&children={children}&ages={ages}&promo={promo}&lang={lang}&mode={mode}',
  groupsUrl: 'https://groups.marea-resorts.example/request?lang=en',
  groupsModal: 'groups-request',
  maxAdults: 8,
  maxChildren: 6,
  maxRooms: 5,
};

export const bookingBlock = (props: BlockProps<'blocks.booking'> = {}) => block('blocks.booking', { ...bookingProps, ...props });

/** Types into a React-controlled field as a browser does (value setter + input event). */
export async function typeInto(field: HTMLInputElement, value: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export async function press(target: Element, key: string, init: KeyboardEventInit = {}): Promise<void> {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
}

/** Clicks, then lets a task pass inside act(): the calendar opens once its chunk has loaded (load-calendar.ts). */
export async function click(target: HTMLElement): Promise<void> {
  await act(async () => {
    target.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The field labelled `label` (exact label text, hint included). */
export function field<T extends HTMLElement = HTMLInputElement>(root: HTMLElement, label: string | RegExp): T {
  const found = [...root.querySelectorAll('label')].find((l) => (typeof label === 'string' ? l.textContent === label : label.test(l.textContent ?? '')));
  if (!found) throw new Error(`No label ${String(label)}`);
  return root.ownerDocument.getElementById(found.htmlFor) as T;
}
