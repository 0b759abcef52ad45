import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { block } from '../../../../test/support/blocks.js';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { dismissalKey } from './dismissal.js';
import { OfferToast } from './OfferToast.js';

const props = {
  text: '<p>Winter Escape: save up to 30% with code <strong>WINTERUS</strong>.</p>',
  link: { kind: 'internal' as const, label: 'See rooms', slug: 'rooms' },
  startdate: '2026-10-01T00:00:00.000Z',
  enddate: '2027-03-31T23:59:59.000Z',
  background: '#0e6f80',
  delay: 4000,
};
const toast = block('blocks.offer-toast', props);
/** The toast while it shows (its text is always in the markup, `hidden` until then). */
const card = (root: HTMLElement) => root.querySelector<HTMLElement>('.offer-toast:not([hidden])');
const closeButton = (root: HTMLElement) => root.querySelector<HTMLButtonElement>('.offer-toast__close')!;
const wait = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('blocks.offer-toast', () => {
  it('static HTML has the offer text, hidden, inside the polite status region (nothing visible before its delay)', () => {
    const html = renderStatic(<OfferToast block={toast} index={0} />);
    expect(html).toMatch(/^<div class="offer-toast-region" role="status" aria-live="polite"><div class="offer-toast"[^>]* hidden="">/);
    expect(html).toContain('WINTERUS');
    expect(html).toContain('href="/rooms"');
  });

  it('appears after `delay` ms, inside the live region, without taking focus', async () => {
    const root = await mount(<OfferToast block={toast} index={0} />);
    await wait(3999);
    expect(card(root)).toBeNull();
    await wait(1);
    expect(card(root)).not.toBeNull();
    expect(card(root)!.closest('[role="status"]')).not.toBeNull();
    expect(root.textContent).toContain('WINTERUS');
    expect(root.querySelector('a.offer-toast__link')?.getAttribute('href')).toBe('/rooms');
    expect(closeButton(root).getAttribute('aria-label')).toBe('Close offer');
    expect(document.activeElement).toBe(document.body);
  });

  it('rule 29: re-checks the dates with the real time when it would show', async () => {
    vi.setSystemTime(new Date('2027-03-31T23:59:58Z'));
    const root = await mount(<OfferToast block={toast} index={0} />);
    await wait(4000); // the offer ended during the delay
    expect(card(root)).toBeNull();
  });

  it('rule 29: does not show before its start date', async () => {
    vi.setSystemTime(new Date('2026-09-30T23:00:00Z'));
    const root = await mount(<OfferToast block={toast} index={0} />);
    await wait(10_000);
    expect(card(root)).toBeNull();
  });

  it('the close button dismisses it for the session, also for a later mount (reload, next page)', async () => {
    const root = await mount(<OfferToast block={toast} index={0} />);
    await wait(4000);
    await act(async () => closeButton(root).click());
    expect(card(root)).toBeNull();
    expect(sessionStorage.getItem(dismissalKey(toast))).toBe('1');
    const again = await mount(<OfferToast block={toast} index={0} />);
    await wait(10_000);
    expect(card(again)).toBeNull();
  });

  it('a different offer is a different key and still shows', async () => {
    sessionStorage.setItem(dismissalKey(toast), '1');
    const other = block('blocks.offer-toast', { ...props, text: '<p>Spring: kids stay free.</p>' });
    expect(dismissalKey(other)).not.toBe(dismissalKey(toast));
    const root = await mount(<OfferToast block={other} index={0} />);
    await wait(4000);
    expect(root.textContent).toContain('kids stay free');
  });

  it('Escape dismisses it while focus is inside, and focus moves on to the main content', async () => {
    const main = document.createElement('main');
    main.id = 'main';
    main.tabIndex = -1;
    document.body.appendChild(main);
    const root = await mount(<OfferToast block={toast} index={0} />);
    await wait(4000);
    closeButton(root).focus();
    await act(async () => {
      closeButton(root).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(card(root)).toBeNull();
    expect(document.activeElement).toBe(main);
    expect(sessionStorage.getItem(dismissalKey(toast))).toBe('1');
  });

  it('following its link counts as seen', async () => {
    const root = await mount(<OfferToast block={toast} index={0} />);
    await wait(4000);
    await act(async () => root.querySelector<HTMLAnchorElement>('a.offer-toast__link')!.click());
    expect(card(root)).toBeNull();
    expect(sessionStorage.getItem(dismissalKey(toast))).toBe('1');
  });

  it.each([
    ['#0e6f80', { '--offer-bg': 'rgb(14 111 128)', '--offer-fg': '#ffffff', '--offer-accent': 'rgb(14 111 128)' }],
    ['#f3e3c3', { '--offer-bg': 'rgb(243 227 195)', '--offer-fg': '#0f2a36', '--offer-accent': 'rgb(243 227 195)' }],
    ['rgb(47, 107, 61)', { '--offer-bg': 'rgb(47 107 61)', '--offer-fg': '#ffffff', '--offer-accent': 'rgb(47 107 61)' }],
    // Neither white (4.45:1) nor ink reach AA on it: default card, the colour as accent stripe.
    ['#c2573a', { '--offer-accent': 'rgb(194 87 58)' }],
    ['url(javascript:alert(1))', {}],
    ['rgba(0, 0, 0, 0.4)', {}],
  ])('background %s → text colour chosen for AA contrast, invalid values ignored', async (background, expected) => {
    const root = await mount(<OfferToast block={block('blocks.offer-toast', { ...props, background })} index={0} />);
    await wait(4000);
    const style = card(root)!.style;
    for (const name of ['--offer-bg', '--offer-fg', '--offer-accent']) {
      expect(style.getPropertyValue(name), name).toBe((expected as Record<string, string>)[name] ?? '');
    }
  });

  it('shows at once without a delay, and speaks Spanish', async () => {
    const root = await mount(<OfferToast block={block('blocks.offer-toast', { ...props, delay: undefined })} index={0} />, { locale: 'es', page: { path: '/es' } });
    await wait(0);
    expect(closeButton(root).getAttribute('aria-label')).toBe('Cerrar oferta');
    expect(root.querySelector('a.offer-toast__link')?.getAttribute('href')).toBe('/es/rooms');
  });

  it('sits above a visible cookie notice so both stay usable on phones', async () => {
    const notice = document.createElement('section');
    notice.className = 'cookie-notice';
    Object.defineProperty(notice, 'offsetHeight', { value: 120 });
    document.body.appendChild(notice);
    const root = await mount(<OfferToast block={toast} index={0} />);
    await wait(4000);
    expect(card(root)!.style.getPropertyValue('--offer-clearance')).toBe('120px');
  });
});
