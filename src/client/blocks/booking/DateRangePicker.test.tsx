import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mount } from '../../../../test/support/render.js';
import { Booking } from './Booking.js';
import { bookingBlock, click, field, press } from './booking.fixture.js';
import { loadCalendar } from './load-calendar.js';

// The calendar is its own chunk; loaded once here so a click opens it at once.
beforeAll(async () => {
  await loadCalendar();
});

afterEach(() => {
  document.body.innerHTML = '';
});

const calendarButton = (root: HTMLElement) => root.querySelector<HTMLButtonElement>('.booking__calendar-button')!;
const dialog = () => document.querySelector<HTMLElement>('.calendar');
const focusedLabel = () => document.activeElement?.getAttribute('aria-label');

describe('booking date-range picker', () => {
  it('opens on the check-in day, moves with the keyboard, picks check-in then check-out, and gives focus back', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    await click(calendarButton(root));
    expect(dialog()?.getAttribute('role')).toBe('dialog');
    expect(dialog()?.textContent).toContain('Choose your check-in date');
    expect(focusedLabel()).toBe('Tuesday, June 16th, 2026, Check-in');
    await press(document.activeElement!, 'ArrowDown');
    expect(focusedLabel()).toBe('Tuesday, June 23rd, 2026');
    await press(document.activeElement!, 'PageDown');
    expect(focusedLabel()).toBe('Thursday, July 23rd, 2026');
    expect(dialog()?.querySelector('h3')?.textContent).toBe('July 2026');
    await press(document.activeElement!, 'Home');
    expect(focusedLabel()).toBe('Sunday, July 19th, 2026');
    await click(document.activeElement as HTMLElement);
    expect(field(root, /^Check-in/).value).toBe('07/19/2026');
    expect(dialog()?.textContent).toContain('Choose your check-out date');
    expect(focusedLabel()).toBe('Monday, July 20th, 2026');
    await press(document.activeElement!, 'End');
    await click(document.activeElement as HTMLElement);
    expect(field(root, /^Check-out/).value).toBe('07/25/2026');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(calendarButton(root));
  });

  it('never offers past days: they are disabled and focus stops at today', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    await click(calendarButton(root));
    await press(document.activeElement!, 'PageUp');
    expect(focusedLabel()).toBe('Monday, June 15th, 2026');
    const past = dialog()!.querySelector<HTMLButtonElement>('[data-date="2026-06-14"]')!;
    expect(past.disabled).toBe(true);
    expect(dialog()!.querySelector<HTMLButtonElement>('[aria-label="Previous month"]')!.disabled).toBe(true);
  });

  it('Escape closes the calendar and returns focus to its button', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    await click(calendarButton(root));
    await press(document.activeElement!, 'Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(calendarButton(root));
  });

  it('speaks Spanish: month and day names, the week starting on Monday, dd/MM/yyyy', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />, { locale: 'es', page: { path: '/es' } });
    expect(field(root, /^Llegada/).value).toBe('16/06/2026');
    await click(calendarButton(root));
    expect(dialog()?.querySelector('h3')?.textContent).toBe('junio 2026');
    expect([...dialog()!.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['lu', 'ma', 'mi', 'ju', 'vi', 'sá', 'do']);
    expect(dialog()!.querySelector('th')!.getAttribute('abbr')).toBe('lunes');
    expect(focusedLabel()).toBe('martes, 16 de junio de 2026, Llegada');
    await press(document.activeElement!, 'Home');
    expect(focusedLabel()).toBe('lunes, 15 de junio de 2026');
  });

  it('starts the English week on Sunday', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    await click(calendarButton(root));
    expect(dialog()!.querySelector('th')!.textContent).toBe('Su');
  });
});
