import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';

/**
 * The media guard's memory of the questions it asked about files only drafts
 * use (cms/src/plugins/marea/server/draft-confirmations.js), with the clock
 * passed in: protected-content.test.ts shows the question and its
 * confirmation through a real Strapi; this shows who confirms what, and when.
 */
type Confirmations = { within: number; confirm(who: string, action: string, fileIds: number[], now?: number): boolean };
const { draftConfirmations, requester } = createRequire(import.meta.url)(path.join(CMS_DIR, 'src/plugins/marea/server/draft-confirmations.js')) as {
  draftConfirmations(options?: { within?: number }): Confirmations;
  requester(ctx: unknown): string;
};

const MINUTE = 60_000;

describe('a file only drafts use is confirmed by asking again', () => {
  it('goes ahead when the same person asks the same thing again within two minutes, once', () => {
    const asked = draftConfirmations();
    expect(asked.within).toBe(2 * MINUTE);
    expect(asked.confirm('admin:1', 'delete', [7], 0)).toBe(false);
    expect(asked.confirm('admin:1', 'delete', [7], 2 * MINUTE - 1)).toBe(true);
    // The confirmation answered that question: the next delete asks again.
    expect(asked.confirm('admin:1', 'delete', [7], 2 * MINUTE)).toBe(false);
  });

  it('asks again after the window, of another person, for another action or file', () => {
    const asked = draftConfirmations();
    asked.confirm('admin:1', 'delete', [7], 0);
    expect(asked.confirm('admin:1', 'delete', [7], 2 * MINUTE)).toBe(false);
    asked.confirm('admin:1', 'delete', [8], 0);
    expect(asked.confirm('admin:2', 'delete', [8], 1)).toBe(false);
    expect(asked.confirm('admin:1', 'replace', [8], 2)).toBe(false);
    expect(asked.confirm('admin:1', 'delete', [9], 3)).toBe(false);
  });

  it('confirms a selection only when every file of it was asked about', () => {
    const asked = draftConfirmations();
    asked.confirm('admin:1', 'delete', [1, 2], 0);
    expect(asked.confirm('admin:1', 'delete', [1, 2, 3], 1)).toBe(false);
    expect(asked.confirm('admin:1', 'delete', [1, 2, 3], 2)).toBe(true);
  });

  it('tells requesters apart by how Strapi authenticated them', () => {
    expect(requester({ state: { auth: { strategy: { name: 'admin' }, credentials: { id: 3 } }, user: { id: 3 } } })).toBe('admin:3');
    expect(requester({ state: { auth: { strategy: { name: 'api-token' }, credentials: { id: 3 } } } })).toBe('api-token:3');
    expect(requester({ state: {} })).toBe('anonymous');
    expect(requester(undefined)).toBe('anonymous');
  });
});
