import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusOnNavigation } from './focus-on-navigation.js';

function Root() {
  useFocusOnNavigation();
  return <Outlet />;
}

/** Each page its own link, as a content block's link is: React removes it with the page. */
const page = (text: string, to: string) => (
  <main id="main" tabIndex={-1}>
    <h1>{text}</h1>
    <Link to={to}>next</Link>
  </main>
);

async function mountAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { path: '/', element: page('home', '/rooms') },
          { path: '/rooms', element: page('rooms', '/rooms/garden-villa') },
          { path: '/rooms/garden-villa', element: page('villa', '/') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const container = document.body.appendChild(document.createElement('div'));
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));
  return { router, container };
}

afterEach(() => document.body.replaceChildren());

describe('focus after a navigation (docs/behaviour.md, rule 6)', () => {
  it('rule 6: stays where it is on the first load', async () => {
    const { container } = await mountAt('/');
    expect(document.activeElement).toBe(document.body);
    expect(container.querySelector('h1')?.textContent).toBe('home');
  });

  it('rule 6: moves to the main content after a navigation to another page, not to <body>', async () => {
    const { router, container } = await mountAt('/');
    container.querySelector('a')!.focus();
    await act(() => router.navigate('/rooms'));
    expect(container.querySelector('h1')?.textContent).toBe('rooms');
    expect(document.activeElement?.id).toBe('main');
    // Back (a pop) too.
    container.querySelector('a')!.focus();
    await act(() => router.navigate(-1));
    expect(container.querySelector('h1')?.textContent).toBe('home');
    expect(document.activeElement?.id).toBe('main');
  });

  it('rule 6: a hash on the same page (a #modal= link) and a redirect that replaces the entry (rule 9) leave it alone', async () => {
    const { router, container } = await mountAt('/rooms');
    const link = container.querySelector('a')!;
    link.focus();
    await act(() => router.navigate('/rooms#modal=garden-villa'));
    expect(document.activeElement).toBe(link);
    await act(() => router.navigate('/rooms/garden-villa', { replace: true }));
    expect(container.querySelector('h1')?.textContent).toBe('villa');
    expect(document.activeElement?.id).not.toBe('main');
  });
});
