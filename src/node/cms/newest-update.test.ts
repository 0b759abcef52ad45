import { describe, expect, it } from 'vitest';
import { newestUpdate } from './newest-update.js';

const page = (day: string, nested?: string) => ({ slug: day, updatedAt: `2026-01-${day}T00:00:00.000Z`, cover: nested ? { updatedAt: `2026-01-${nested}T00:00:00.000Z` } : null });

describe('newestUpdate (rule 13: the newest update anywhere in the content)', () => {
  it('finds the newest updatedAt at any depth, null when there is none', () => {
    expect(newestUpdate([[page('02', '09'), page('05')], { header: [page('03')] }])).toBe('2026-01-09T00:00:00.000Z');
    expect(newestUpdate([[{ slug: 'a' }], null, 'text'])).toBeNull();
  });

  it('with a memo, walks each entry once while it is the same object, and still follows entries added and removed', () => {
    const memo = new WeakMap<object, number>();
    const older = page('02');
    const newest = page('07');
    expect(newestUpdate([[older, newest]], memo)).toBe('2026-01-07T00:00:00.000Z');
    // The same object is not walked again: a change inside it in place is not seen (a builder replaces entries it fetches).
    newest.updatedAt = '2026-01-01T00:00:00.000Z';
    expect(newestUpdate([[older, newest]], memo)).toBe('2026-01-07T00:00:00.000Z');
    // The newest entry removed, another added: the newest of what is there now.
    expect(newestUpdate([[older]], memo)).toBe('2026-01-02T00:00:00.000Z');
    expect(newestUpdate([[older, page('04', '05')]], memo)).toBe('2026-01-05T00:00:00.000Z');
  });
});
