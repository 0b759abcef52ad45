import { afterEach, describe, expect, it } from 'vitest';
import { mount } from '../../../../test/support/render.js';
import { Booking } from './Booking.js';
import { bookingBlock, click, field, press, typeInto } from './booking.fixture.js';

afterEach(() => {
  document.body.innerHTML = '';
});

const listbox = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-controls')!)!;
const activeOption = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
const visibleOptions = (input: HTMLInputElement) => [...listbox(input).querySelectorAll('[role="option"]')].map((o) => o.textContent);

describe('booking comboboxes (ARIA combobox with listbox popup)', () => {
  it('opens with ArrowDown on the selected option and moves with the arrows, wrapping', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    const resort = field(root, 'Resort');
    expect(resort.getAttribute('role')).toBe('combobox');
    await press(resort, 'ArrowDown');
    expect(resort.getAttribute('aria-expanded')).toBe('true');
    expect(listbox(resort).hidden).toBe(false);
    expect(activeOption(resort)).toBe('Marea Tulum');
    await press(resort, 'ArrowDown');
    await press(resort, 'ArrowDown');
    expect(activeOption(resort)).toBe('Marea Punta Mita');
    await press(resort, 'ArrowDown');
    expect(activeOption(resort)).toBe('Marea Tulum');
    await press(resort, 'ArrowUp');
    await press(resort, 'Enter');
    expect(resort.value).toBe('Marea Punta Mita');
    expect(resort.getAttribute('aria-expanded')).toBe('false');
  });

  it('groups resorts by destination in the listbox', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    const groups = [...listbox(field(root, 'Resort')).querySelectorAll('[role="group"]')].map((group) => [
      document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent,
      [...group.querySelectorAll('[role="option"]')].map((o) => o.textContent),
    ]);
    expect(groups).toEqual([
      ['Riviera Maya', ['Marea Tulum', 'Marea Playa del Carmen']],
      ['Riviera Nayarit', ['Marea Punta Mita']],
    ]);
  });

  it('filters as the visitor types, highlights the first match, Enter picks it', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    const resort = field(root, 'Resort');
    await typeInto(resort, 'playa');
    expect(visibleOptions(resort)).toEqual(['Marea Playa del Carmen']);
    expect(activeOption(resort)).toBe('Marea Playa del Carmen');
    expect(root.textContent).toContain('1 option available');
    await press(resort, 'Enter');
    expect(resort.value).toBe('Marea Playa del Carmen');
  });

  it('says when nothing matches and keeps the text; Escape closes the list only', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    const resort = field(root, 'Resort');
    await typeInto(resort, 'Cancún');
    expect(visibleOptions(resort)).toEqual([]);
    expect(listbox(resort).textContent).toBe('No matches');
    await press(resort, 'Escape');
    expect(resort.getAttribute('aria-expanded')).toBe('false');
    expect(resort.value).toBe('Cancún');
  });

  it('picks an airport by its code typed in full, and by pointer', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    await click(root.querySelector<HTMLInputElement>('input[value="flight"]')!);
    const airport = field(root, 'Departure airport');
    expect(airport.value).toBe('Dallas/Fort Worth (DFW)');
    await typeInto(airport, 'mex');
    expect(activeOption(airport)).toBe('Mexico City (MEX)');
    const matches = [...listbox(airport).querySelectorAll<HTMLElement>('[role="option"]')];
    expect(matches.map((o) => o.textContent)).toEqual(['Mexico City (MEX)']);
    await typeInto(airport, 'toronto');
    await click(listbox(airport).querySelector<HTMLElement>('[role="option"]')!);
    expect(airport.value).toBe('Toronto Pearson (YYZ)');
  });
});
