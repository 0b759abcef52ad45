import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Modal } from '../../shared/model.js';
import { block } from '../../../test/support/blocks.js';
import { mount } from '../../../test/support/render.js';
import { useLocaleModals } from './use-locale-modals.js';

const own: Modal[] = [{ id: 1, name: 'policy', items: [block('modals.wysiwyg', { title: 'Policy' })] }];
const all: Modal[] = [...own, { id: 2, name: 'villa', items: [block('modals.room', { title: 'Villa' })] }];

let seen: { modals: Modal[]; pending: boolean } | null = null;
function Probe({ hash }: { hash: string }) {
  seen = useLocaleModals(hash);
  return null;
}

afterEach(() => {
  vi.restoreAllMocks();
  seen = null;
  document.body.innerHTML = '';
});

describe('modals a shared URL can open (docs/architecture.md, "Modals")', () => {
  it("uses the page's own modals and fetches nothing when the hash names one of them", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    await mount(<Probe hash="#modal=policy" />, { data: { modals: own } });
    expect(seen).toEqual({ modals: own, pending: false });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("loads the locale's _modals.json of the same build when the page does not have it", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(all)));
    await mount(<Probe hash="#modal=villa" />, { locale: 'es', page: { release: 'b42', path: '/es' }, data: { modals: own } });
    expect(fetch).toHaveBeenCalledWith('/es/_modals.json?v=b42');
    await vi.waitFor(() => expect(seen?.pending).toBe(false));
    expect(seen!.modals.map((m) => m.name)).toEqual(['policy', 'villa']);
  });

  it('a failed load ends the wait with the page list and a warning', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('nope', { status: 404 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await mount(<Probe hash="#modal=villa" />, { data: { modals: own } });
    await vi.waitFor(() => expect(seen?.pending).toBe(false));
    expect(seen!.modals).toEqual(own);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/_modals.json?v=test'));
  });
});
