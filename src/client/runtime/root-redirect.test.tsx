import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocaleRules } from './root-redirect.js';

let root: Root | null = null;
let go: (to: string) => void = () => {};

function Probe() {
  useLocaleRules();
  const location = useLocation();
  go = useNavigate();
  return <p id="where">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

function setLanguages(languages: string[]) {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(navigator, 'language', { value: languages[0], configurable: true });
}

async function start(url: string): Promise<() => string> {
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [url] });
  const container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root!.render(<RouterProvider router={router} />));
  await settle();
  return () => container.querySelector('#where')!.textContent ?? '';
}

/** `/` reads the browser's languages from a lazy chunk (the detector): let it load and the redirect land. */
const settle = () =>
  act(async () => {
    await import('./browser-locale.js');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

afterEach(() => {
  act(() => root?.unmount());
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
  document.body.innerHTML = '';
});

describe('locale choice in the browser', () => {
  it('rule 9: a Spanish browser at / goes to /es, keeping query and hash', async () => {
    setLanguages(['es-MX', 'en']);
    const where = await start('/?utm_source=x#top');
    expect(where()).toBe('/es?utm_source=x#top');
  });

  it('rules 7–8: the cookie beats the browser; an unknown cookie value counts as absent and is rewritten', async () => {
    setLanguages(['es-MX']);
    document.cookie = 'i18n_redirected=en; Path=/';
    expect((await start('/'))()).toBe('/');
    act(() => root?.unmount());
    document.cookie = 'i18n_redirected=fr; Path=/';
    setLanguages(['en-US']);
    expect((await start('/'))()).toBe('/');
    expect(document.cookie).toContain('i18n_redirected=en');
  });

  it('rule 9: /es and deep links are never redirected, whatever the browser', async () => {
    setLanguages(['en-US']);
    expect((await start('/es'))()).toBe('/es');
    act(() => root?.unmount());
    setLanguages(['es-MX']);
    expect((await start('/rooms/deluxe'))()).toBe('/rooms/deluxe');
  });

  it('rule 9: later navigations to / are redirected too, but never back to the previous path (loop guard)', async () => {
    setLanguages(['es-MX']);
    const where = await start('/es/habitaciones');
    await act(async () => go('/?a=1'));
    await settle();
    expect(where()).toBe('/es?a=1');
    // From /es itself, / would redirect straight back: the guard lets the visitor have /.
    await act(async () => go('/'));
    await settle();
    expect(where()).toBe('/');
    expect(document.cookie).toContain('i18n_redirected=en');
  });

  it('rule 10: the active locale is written to the cookie on every page', async () => {
    setLanguages(['en-US']);
    await start('/es/habitaciones');
    expect(document.cookie).toContain('i18n_redirected=es');
  });
});
