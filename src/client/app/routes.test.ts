import { describe, expect, it } from 'vitest';
import { samePageKeepsData } from './routes.js';

const args = (from: string, to: string) =>
  ({ currentUrl: new URL(from, 'http://x'), nextUrl: new URL(to, 'http://x'), defaultShouldRevalidate: true }) as Parameters<typeof samePageKeepsData>[0];

describe('page data across hash changes (modals, rule 16)', () => {
  it('keeps the data when only the hash changes (a modal opens or closes)', () => {
    expect(samePageKeepsData(args('/rooms#modal=x', '/rooms'))).toBe(false);
    expect(samePageKeepsData(args('/rooms?a=1', '/rooms?a=1#modal=x'))).toBe(false);
  });

  it('defers to React Router for another path or query', () => {
    expect(samePageKeepsData(args('/rooms#modal=x', '/blog'))).toBe(true);
    expect(samePageKeepsData(args('/rooms', '/rooms?a=2'))).toBe(true);
  });
});
