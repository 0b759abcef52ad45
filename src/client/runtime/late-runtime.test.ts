import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const args = (url: string) => ({ request: new Request(`http://localhost${url}`), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

afterEach(() => {
  vi.doUnmock('./late.js');
  vi.resetModules();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the runtime that loads after hydration (docs/performance.md, "First view")', () => {
  it('is not there for the first view; once loaded it holds the navigation loader, the head, the modal host and the Shell runtime', async () => {
    const { lateRuntime, loadLateRuntime } = await import('./late-runtime.js');
    expect(lateRuntime()).toBeNull();
    const runtime = await loadLateRuntime();
    expect(lateRuntime()).toBe(runtime);
    expect(Object.keys(runtime).sort()).toEqual(['AfterHydration', 'ModalHost', 'applyHead', 'clientLoader']);
  });

  it('rule 17: a navigation whose runtime chunk a redeploy removed is a full load of its target', async () => {
    vi.doMock('./late.js', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { pageLoader } = await import('./late-runtime.js');
    void pageLoader(args('/rooms?a=1#top'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/rooms?a=1#top'));
    // The guard holds back a second automatic reload; a second click is the visitor's and still loads the page.
    void pageLoader(args('/rooms?a=1#top'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
  });
});
