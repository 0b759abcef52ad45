import { act, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../../../test/support/render.js';
import { modals } from './modal.fixture.js';
// The runtime itself (ModalHost only loads it lazily: ModalHost.lazy.test.tsx).
import { ModalRuntime as ModalHost, PUSHED_STATE } from './ModalRuntime.js';
import { SCROLL_LOCK_CLASS } from './scroll-lock.js';

let router: { location: Location; navigate: NavigateFunction };
function Probe() {
  router = { location: useLocation(), navigate: useNavigate() };
  return null;
}

/** Lets afterEach unmount the host: its document click listener must not outlive the test. */
let unmount: (() => void) | null = null;
function Unmountable({ children }: { children: ReactNode }) {
  const [on, setOn] = useState(true);
  unmount = () => setOn(false);
  return on ? children : null;
}

function Page() {
  return (
    <>
      <a href="#modal=ocean-view-suite" data-modal="ocean-view-suite">
        Ocean View Suite
      </a>
      <a href="#modal=ghost" data-modal="ghost">
        Ghost
      </a>
      <button type="button" id="elsewhere">
        Elsewhere
      </button>
      <ModalHost />
      <Probe />
    </>
  );
}

const open = (url = '/rooms', country = 'USA') =>
  mount(
    <Unmountable>
      <Page />
    </Unmountable>,
    { url, page: { path: '/rooms', country }, data: { modals } },
  );
const dialog = () => document.querySelector<HTMLDialogElement>('dialog.modal');
/** Lets the item's chunk load and React commit (each turn inside act), until the check passes. */
async function until(check: () => void): Promise<void> {
  for (let turn = 0; turn < 100; turn++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    try {
      return check();
    } catch {
      // not yet
    }
  }
  check();
}
const shown = () => until(() => expect(dialog()?.open).toBe(true));
const link = (name: string) => document.querySelector<HTMLAnchorElement>(`a[data-modal="${name}"]`)!;
const closeButton = () => dialog()!.querySelector<HTMLButtonElement>('.modal__close')!;
const key = (target: Element, key: string, shiftKey = false) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }));
  });

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  await act(async () => unmount?.());
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  document.documentElement.className = '';
});

describe('modal host (docs/architecture.md, "Modals")', () => {
  it('opens from a shared URL by name: a native modal dialog labelled by its h2 title, focus on the close button, page locked', async () => {
    await open('/rooms#modal=ocean-view-suite');
    await shown();
    const heading = document.getElementById(dialog()!.getAttribute('aria-labelledby')!)!;
    expect(heading.tagName).toBe('H2');
    expect(heading.textContent).toBe('Ocean View Suite');
    // The item leaves its own title out (inModal): one heading only.
    expect(dialog()!.querySelectorAll('h2')).toHaveLength(1);
    expect(closeButton().getAttribute('aria-label')).toBe('Close');
    expect(document.activeElement).toBe(closeButton());
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.documentElement.classList.contains(SCROLL_LOCK_CLASS)).toBe(true);
  });

  it('opens by id (#modal=14)', async () => {
    await open('/rooms#modal=14');
    await shown();
    expect(dialog()!.dataset.modalName).toBe('spa-rituals');
    expect(dialog()!.textContent).toContain('Temazcal.');
  });

  it.each([
    ['MEX', 'MXN 7,900'],
    ['USA', 'From USD 480'],
  ])('spec §5, rule 30: a visitor from %s sees the first item geolocated to them', async (country, text) => {
    await open('/rooms#modal=ocean-view-suite', country);
    await shown();
    expect(dialog()!.textContent).toContain(text);
  });

  it('a click on a modal link opens it through the router (hash pushed, no reload); closing goes back and focus returns to the link', async () => {
    await open();
    const page = router.location.key;
    link('ocean-view-suite').focus();
    await act(async () => link('ocean-view-suite').click());
    await shown();
    expect(router.location.hash).toBe('#modal=ocean-view-suite');
    expect(router.location.pathname).toBe('/rooms');
    expect((router.location.state as Record<string, unknown>)[PUSHED_STATE]).toBe(true);
    await act(async () => closeButton().click());
    await until(() => expect(router.location.hash).toBe(''));
    // Back to the page's own history entry, not a new one: the back button then leaves the page as expected.
    expect(router.location.key).toBe(page);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(link('ocean-view-suite'));
    expect(document.body.style.overflow).toBe('');
    expect(document.documentElement.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);
  });

  it('Escape closes it, and a shared URL loses its hash in place (nothing to go back to)', async () => {
    await open('/rooms?utm_source=mail#modal=ocean-view-suite');
    await shown();
    await key(closeButton(), 'Escape');
    await until(() => expect(dialog()).toBeNull());
    expect(router.location.hash).toBe('');
    expect(router.location.search).toBe('?utm_source=mail');
    // Nobody opened it by a click: focus goes to a link that opens the same modal.
    expect(document.activeElement).toBe(link('ocean-view-suite'));
  });

  it('Escape already handled inside (a list closing) does not close the dialog', async () => {
    await open('/rooms#modal=ocean-view-suite');
    await shown();
    const inner = dialog()!.querySelector('a')!;
    inner.addEventListener('keydown', (event) => event.preventDefault());
    await key(inner, 'Escape');
    expect(dialog()?.open).toBe(true);
  });

  it('a click on the backdrop closes it; a click inside, or a drag ending on the backdrop, does not', async () => {
    await open('/rooms#modal=ocean-view-suite');
    await shown();
    const panel = dialog()!.querySelector('.modal__panel')!;
    await act(async () => {
      panel.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      (panel as HTMLElement).click();
    });
    expect(dialog()?.open).toBe(true);
    await act(async () => {
      panel.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      dialog()!.click();
    });
    expect(dialog()?.open).toBe(true);
    await act(async () => {
      dialog()!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      dialog()!.click();
    });
    await until(() => expect(dialog()).toBeNull());
    expect(router.location.hash).toBe('');
  });

  it('the back button closes it (the URL no longer names it) and focus returns to the opener', async () => {
    await open();
    link('ocean-view-suite').focus();
    await act(async () => link('ocean-view-suite').click());
    await shown();
    await act(async () => router.navigate(-1));
    await until(() => expect(dialog()).toBeNull());
    expect(document.activeElement).toBe(link('ocean-view-suite'));
    expect(document.body.style.overflow).toBe('');
  });

  it('Tab and Shift+Tab stay inside the dialog', async () => {
    await open('/rooms#modal=ocean-view-suite');
    await shown();
    const cta = dialog()!.querySelector<HTMLAnchorElement>('.modal-item__cta')!;
    cta.focus();
    await key(cta, 'Tab');
    expect(document.activeElement).toBe(closeButton());
    await key(closeButton(), 'Tab', true);
    expect(dialog()!.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(closeButton());
  });

  it('an unknown modal in the URL opens nothing: a warning names it and the hash is cleared', async () => {
    await open('/rooms#modal=ghost');
    await until(() => expect(router.location.hash).toBe(''));
    expect(dialog()).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('modal "ghost"'));
  });

  it('a link to an unknown modal does nothing but warn (no history entry)', async () => {
    await open();
    const before = router.location.key;
    await act(async () => link('ghost').click());
    expect(router.location.key).toBe(before);
    expect(router.location.hash).toBe('');
    expect(dialog()).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('modal "ghost"'));
  });

  it('a modal with no item for the visitor country does not open (warning)', async () => {
    await open('/rooms#modal=booking-policy', 'MEX');
    await until(() => expect(router.location.hash).toBe(''));
    expect(dialog()).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no item for country MEX'));
  });

  it('ignores other hashes and modified clicks (new tab keeps the native link)', async () => {
    await open('/rooms#terms-deposits');
    expect(dialog()).toBeNull();
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link('ocean-view-suite').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });
});
