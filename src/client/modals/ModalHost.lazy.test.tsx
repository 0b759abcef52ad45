import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, renderStatic } from '../../../test/support/render.js';
import { modals } from './modal.fixture.js';
import { ModalHost } from './ModalHost.js';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  document.documentElement.className = '';
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));
const dialog = () => document.querySelector<HTMLDialogElement>('dialog.modal');

describe('modal host: the runtime is a lazy chunk (first-view budget)', () => {
  it('is not in the static HTML: the server never sees the hash', () => {
    expect(renderStatic(<ModalHost />, { url: '/rooms#modal=ocean-view-suite', data: { modals } })).toBe('');
  });

  it('loads the runtime at once when the URL names a modal, which then opens', async () => {
    await mount(<ModalHost />, { url: '/rooms#modal=ocean-view-suite', data: { modals } });
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
  });

  it('on a page with modals, waits for intent (pointer or focus on a modal link) or idle', async () => {
    const listen = vi.spyOn(document, 'addEventListener');
    await mount(<ModalHost />, { url: '/rooms', data: { modals } });
    expect(listen.mock.calls.map(([type]) => type)).toEqual(expect.arrayContaining(['pointerover', 'focusin']));
    expect(dialog()).toBeNull();
  });

  it('on a page without modals and without a #modal= hash, loads nothing', async () => {
    const listen = vi.spyOn(document, 'addEventListener');
    await mount(<ModalHost />, { url: '/rooms', data: { modals: [] } });
    await settle();
    expect(listen.mock.calls.map(([type]) => type)).not.toContain('pointerover');
  });
});
