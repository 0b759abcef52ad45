import { readFileSync } from 'node:fs';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import { createI18n } from '../i18n/i18n.js';

// As main.tsx does with the page's message file before hydration (rule 11).
createI18n('en', en);
import { LoadingOverlay, OVERLAY_DELAY_MS } from './loading-overlay.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const page = (text: string) => <main id="main">{text}</main>;

/** A Shell-like root (overlay beside the outlet) whose error boundary replaces it, as in routes.tsx. */
function routes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: (
        <>
          <Outlet />
          <LoadingOverlay />
        </>
      ),
      errorElement: <p className="error-page">error page</p>,
      children: [
        { path: '/', element: page('home') },
        { path: '/es', element: page('inicio') },
        { path: '/fast', loader: () => wait(50).then(() => null), element: page('fast page') },
        { path: '/slow', loader: () => wait(1000).then(() => null), element: page('slow page') },
        { path: '/es/lenta', loader: () => wait(1000).then(() => null), element: page('página lenta') },
        { path: '/broken', loader: () => wait(500).then(() => Promise.reject(new Error('boom'))), element: page('never') },
        { path: '/broken-here', loader: () => wait(500).then(() => Promise.reject(new Error('boom'))), errorElement: page('inline error') },
      ],
    },
  ];
}

async function mountAt(path: string) {
  const router = createMemoryRouter(routes(), { initialEntries: [path] });
  const container = document.body.appendChild(document.createElement('div'));
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));
  const overlay = () => container.querySelector<HTMLElement>('.loading-overlay');
  const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  return { router, container, overlay, advance };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('loading overlay (rule 24)', () => {
  it(`rule 24: appears ${OVERLAY_DELAY_MS} ms into a navigation and is gone in the commit that renders the new page`, async () => {
    const { router, container, overlay, advance } = await mountAt('/');
    expect(overlay()?.dataset.visible).toBeUndefined();
    await act(async () => void router.navigate('/slow'));
    await advance(OVERLAY_DELAY_MS - 10);
    expect(overlay()?.dataset.visible).toBeUndefined();
    await advance(20);
    expect(overlay()?.dataset.visible).toBe('true');
    await advance(1000);
    expect(container.querySelector('main')?.textContent).toBe('slow page');
    expect(overlay()?.dataset.visible).toBeUndefined();
    expect(overlay()?.textContent).toBe('');
  });

  it('rule 24: a fast navigation never flashes the overlay', async () => {
    const { router, overlay, advance } = await mountAt('/');
    const seen: (string | undefined)[] = [];
    await act(async () => void router.navigate('/fast'));
    for (let t = 0; t < 200; t += 10) {
      await advance(10);
      seen.push(overlay()?.dataset.visible);
    }
    expect(router.state.location.pathname).toBe('/fast');
    expect(seen.every((v) => v === undefined)).toBe(true);
  });

  it('rule 24: announced politely with the translated text, and #main is aria-busy while loading', async () => {
    const { router, container, overlay, advance } = await mountAt('/');
    expect(overlay()?.getAttribute('role')).toBe('status');
    expect(overlay()?.getAttribute('aria-live')).toBe('polite');
    await act(async () => void router.navigate('/slow'));
    expect(container.querySelector('main')?.getAttribute('aria-busy')).toBe('true');
    await advance(OVERLAY_DELAY_MS);
    expect(overlay()?.textContent).toBe('Loading page…');
    await advance(1000);
    expect(container.querySelector('main')?.hasAttribute('aria-busy')).toBe(false);
  });

  it('rule 24: in Spanish on Spanish pages', async () => {
    createI18n('es', es);
    const { router, overlay, advance } = await mountAt('/es');
    await act(async () => void router.navigate('/es/lenta'));
    await advance(OVERLAY_DELAY_MS);
    expect(overlay()?.textContent).toBe('Cargando página…');
  });

  it('rule 24: never left on after an error: the error page replaces the page and the overlay', async () => {
    const { router, container, overlay, advance } = await mountAt('/');
    await act(async () => void router.navigate('/broken'));
    await advance(OVERLAY_DELAY_MS);
    expect(overlay()?.dataset.visible).toBe('true');
    await advance(500);
    expect(router.state.navigation.state).toBe('idle');
    expect(container.querySelector('.error-page')).not.toBeNull();
    expect(overlay()).toBeNull();
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });

  it('rule 24: never left on after an error shown inside the shell either', async () => {
    const { router, container, overlay, advance } = await mountAt('/');
    await act(async () => void router.navigate('/broken-here'));
    await advance(OVERLAY_DELAY_MS + 500);
    expect(container.querySelector('main')?.textContent).toBe('inline error');
    expect(overlay()).not.toBeNull();
    expect(overlay()?.dataset.visible).toBeUndefined();
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });

  it('rule 24: not in the static HTML (nothing to mismatch at hydration), and no spinning with reduced motion', async () => {
    const handler = createStaticHandler(routes());
    const context = await handler.query(new Request('http://localhost/'));
    if (context instanceof Response) throw new Error('unexpected redirect');
    const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
    expect(html).toContain('home');
    expect(html).not.toContain('loading-overlay');
    const overlayCss = readFileSync('src/client/runtime/loading-overlay.css', 'utf8');
    expect(overlayCss).toMatch(/@media \(prefers-reduced-motion: reduce\)\s*\{\s*\.loading-overlay__spinner\s*\{\s*animation: none/);
  });
});
