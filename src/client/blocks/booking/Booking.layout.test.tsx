import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../../../../test/support/render.js';
import { Booking } from './Booking.js';
import { bookingBlock, click, press } from './booking.fixture.js';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  document.body.style.overflow = '';
});

const opener = (root: HTMLElement) => root.querySelector<HTMLButtonElement>('.booking__open')!;
const panel = (root: HTMLElement) => root.querySelector<HTMLElement>('.booking__panel')!;
const css = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('blocks.booking: mobile sheet', () => {
  it('opens as a modal dialog from its button, moves focus in, and Escape closes it and gives focus back', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    expect(panel(root).hasAttribute('role')).toBe(false);
    opener(root).focus();
    await click(opener(root));
    expect(opener(root).getAttribute('aria-expanded')).toBe('true');
    expect(panel(root).getAttribute('role')).toBe('dialog');
    expect(panel(root).getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(panel(root).getAttribute('aria-labelledby')!)!.textContent).toBe('Plan your escape');
    expect(panel(root).contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    await press(document.activeElement!, 'Escape');
    expect(panel(root).hasAttribute('role')).toBe(false);
    expect(document.activeElement).toBe(opener(root));
    expect(document.body.style.overflow).toBe('');
  });

  it('Escape inside an open list closes the list, not the sheet', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    await click(opener(root));
    const resort = root.querySelector<HTMLInputElement>('[role="combobox"]')!;
    resort.focus();
    await press(resort, 'ArrowDown');
    await press(resort, 'Escape');
    expect(resort.getAttribute('aria-expanded')).toBe('false');
    expect(panel(root).getAttribute('role')).toBe('dialog');
  });

  it('the close button closes it', async () => {
    const root = await mount(<Booking block={bookingBlock()} index={1} />);
    await click(opener(root));
    await click(root.querySelector<HTMLButtonElement>('.booking__close')!);
    expect(root.querySelector('.booking--open')).toBeNull();
    expect(document.activeElement).toBe(opener(root));
  });
});

describe('blocks.booking: rule 26', () => {
  it('rule 26: writes its left and right edges to CSS variables after mount and on resize, and removes them on unmount', async () => {
    let rect = { left: 24, right: 1256 };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return (this.classList.contains('booking') ? { ...rect, top: 0, bottom: 0, width: rect.right - rect.left, height: 0, x: rect.left, y: 0 } : new DOMRect()) as DOMRect;
    });
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    let remove = () => {};
    function Removable() {
      const [shown, setShown] = useState(true);
      remove = () => setShown(false);
      return shown ? <Booking block={bookingBlock()} index={1} /> : null;
    }
    await mount(<Removable />);
    expect(css('--booking-left')).toBe('24px');
    expect(css('--booking-right')).toBe('1256px');
    rect = { left: 16, right: 359 };
    await act(async () => window.dispatchEvent(new Event('resize')));
    expect(css('--booking-left')).toBe('16px');
    expect(css('--booking-right')).toBe('359px');
    await act(async () => remove());
    expect(css('--booking-left')).toBe('');
  });
});
