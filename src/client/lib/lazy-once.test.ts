import { describe, expect, it, vi } from 'vitest';
import { lazyOnce } from './lazy-once.js';

describe('lazyOnce', () => {
  it('imports once and shares the result', async () => {
    const load = vi.fn(async () => 'chunk');
    const get = lazyOnce(load);
    expect(await Promise.all([get(), get()])).toEqual(['chunk', 'chunk']);
    expect(await get()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure so the next call retries', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('chunk');
    const get = lazyOnce(load as () => Promise<string>);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
