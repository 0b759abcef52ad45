import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type NavigateFunction } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo, useNavigateTo } from './navigation-safety.js';

const navigate = () => vi.fn() as unknown as NavigateFunction & ReturnType<typeof vi.fn>;
afterEach(() => vi.restoreAllMocks());

describe('navigation safety (rule 22)', () => {
  it.each([
    ['javascript:alert(1)', 'javascript:'],
    [' JaVaScRiPt:alert(1)', 'javascript:'],
    ['\u0000\t\n javascript:alert(1)', 'javascript:'],
    ['java\tscript:alert(1)', 'javascript:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['  DATA:text/plain,x', 'data:'],
    ['vbscript:msgbox(1)', 'vbscript:'],
    [' VBScript:msgbox(1)', 'vbscript:'],
    ['blob:https://marea.example/5f0c', 'blob:'],
    ['\u001fBLOB:x', 'blob:'],
  ])('rule 22: %j throws the protocol error, even with external: true', (url, protocol) => {
    const go = navigate();
    const message = `Cannot navigate to a URL with '${protocol}' protocol.`;
    expect(() => navigateTo(url, {}, go)).toThrow(new Error(message));
    expect(() => navigateTo(url, { external: true }, go)).toThrow(new Error(message));
    expect(go).not.toHaveBeenCalled();
  });

  it.each(['https://elsewhere.example/book', '//elsewhere.example/book', 'mailto:stay@marea.example'])('rule 22: %s without the external flag throws', (url) => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const go = navigate();
    expect(() => navigateTo(url, {}, go)).toThrow(new Error('Navigating to an external URL is not allowed by default.'));
    expect(go).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('rule 22: an external URL with the flag is a full load (assign, or replace)', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    navigateTo('https://booking.example/search?hotel=tulum', { external: true }, navigate());
    expect(assign).toHaveBeenCalledWith('https://booking.example/search?hotel=tulum');
    navigateTo('https://booking.example/x', { external: true, replace: true }, navigate());
    expect(replace).toHaveBeenCalledWith('https://booking.example/x');
  });

  it('rules 4 and 22: an internal URL goes through the router with its query and hash', () => {
    const go = navigate();
    navigateTo('/rooms/ocean-view-suite/?utm_source=x#gallery', {}, go);
    navigateTo(`${window.location.origin}/es/habitaciones`, { replace: true }, go);
    expect(go.mock.calls).toEqual([
      ['/rooms/ocean-view-suite?utm_source=x#gallery', { replace: false }],
      ['/es/habitaciones', { replace: true }],
    ]);
  });

  it('rule 22: useNavigateTo navigates the data router and throws for unsafe URLs', async () => {
    let go: ReturnType<typeof useNavigateTo> | null = null;
    function Probe() {
      go = useNavigateTo();
      return null;
    }
    const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: ['/'] });
    const container = document.body.appendChild(document.createElement('div'));
    await act(async () => createRoot(container).render(<RouterProvider router={router} />));
    await act(async () => go!('/contact?a=1#form'));
    expect(router.state.location).toMatchObject({ pathname: '/contact', search: '?a=1', hash: '#form' });
    expect(() => go!(' JaVaScRiPt:alert(1)')).toThrow("Cannot navigate to a URL with 'javascript:' protocol.");
  });
});
