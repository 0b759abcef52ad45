import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleChunkError } from './chunk-errors.js';
import { RELOAD_GUARD_MS, reloadOnce } from './reload-guard.js';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('rule 17: chunk errors reload once, guarded for 10 s', () => {
  it('reloads a path once; the same path again inside 10 s does nothing; later it may reload again', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    expect(reloadOnce('/rooms', 1000)).toBe(true);
    expect(reloadOnce('/rooms', 1000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(reloadOnce('/spa', 2000)).toBe(true);
    expect(reloadOnce('/rooms', 1000 + RELOAD_GUARD_MS + 10_000)).toBe(true);
    expect(assign.mock.calls.map((c) => c[0])).toEqual(['/rooms', '/spa', '/rooms']);
  });

  it('the guard survives a reload: it lives in sessionStorage', () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    reloadOnce('/rooms');
    expect(JSON.parse(sessionStorage.getItem('marea:reload-guard')!)).toMatchObject({ path: '/rooms' });
  });

  it('a failed CSS preload alone does not reload', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    expect(handleChunkError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(false);
    expect(handleChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
