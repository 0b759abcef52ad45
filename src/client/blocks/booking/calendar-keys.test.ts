import { describe, expect, it } from 'vitest';
import { toIsoDate } from './dates.js';
import { moveFocus } from './calendar-keys.js';

const wed = new Date(2026, 6, 15); // Wednesday 15 July 2026
const today = new Date(2026, 5, 15);
const move = (key: string, options: { shift?: boolean; weekStart?: 0 | 1; from?: Date } = {}) => {
  const moved = moveFocus(options.from ?? wed, key, options.shift ?? false, options.weekStart ?? 0, today);
  return moved && toIsoDate(moved);
};

describe('calendar keyboard', () => {
  it.each([
    ['ArrowLeft', '2026-07-14'],
    ['ArrowRight', '2026-07-16'],
    ['ArrowUp', '2026-07-08'],
    ['ArrowDown', '2026-07-22'],
    ['PageUp', '2026-06-15'],
    ['PageDown', '2026-08-15'],
  ])('%s moves to %s', (key, expected) => expect(move(key)).toBe(expected));

  it('Shift+PageDown moves a year; PageDown from 31 January lands on the month end', () => {
    expect(move('PageDown', { shift: true })).toBe('2027-07-15');
    expect(move('PageDown', { from: new Date(2027, 0, 31) })).toBe('2027-02-28');
  });

  it('Home and End follow the week start of the locale (Sunday in English, Monday in Spanish)', () => {
    expect(move('Home')).toBe('2026-07-12');
    expect(move('End')).toBe('2026-07-18');
    expect(move('Home', { weekStart: 1 })).toBe('2026-07-13');
    expect(move('End', { weekStart: 1 })).toBe('2026-07-19');
  });

  it('never goes before today (no past dates)', () => {
    expect(move('ArrowLeft', { from: today })).toBe('2026-06-15');
    expect(move('PageUp', { from: new Date(2026, 6, 1) })).toBe('2026-06-15');
    expect(move('Home', { from: new Date(2026, 5, 16) })).toBe('2026-06-15');
  });

  it('ignores other keys', () => {
    expect(move('a')).toBeNull();
    expect(move('Enter')).toBeNull();
  });
});
