import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, setConsent } from '../../analytics/consent.js';
import { block } from '../../../../test/support/blocks.js';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { CookieNotice } from './CookieNotice.js';

// React warns about act() unless the test environment says it supports it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const notice = block('blocks.cookie-notice', {
  text: '<p>We use cookies. <strong>You choose.</strong></p>',
  acceptLabel: 'Accept all',
  rejectLabel: 'Only essential',
  policy: { kind: 'internal', label: 'Privacy notice', slug: 'privacy' },
});
const region = (root: HTMLElement) => root.querySelector<HTMLElement>('section.cookie-notice')!;
const button = (root: HTMLElement, label: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === label)!;

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  document.body.innerHTML = '';
});

describe('blocks.cookie-notice (rule 33)', () => {
  it('rule 33: is in the static HTML, hidden until the browser knows whether a choice is stored', () => {
    const html = renderStatic(<CookieNotice block={notice} index={0} />);
    expect(html).toMatch(/<section class="cookie-notice" aria-label="Cookie notice" aria-live="polite" hidden="">/);
    expect(html).toContain('<strong>You choose.</strong>');
    expect(html).toContain('href="/privacy"');
    expect(html).toContain('<button type="button" class="cookie-notice__button">Only essential</button>');
  });

  it('rule 33: shows after hydration when no choice is stored, with both buttons reachable by keyboard', async () => {
    const root = await mount(<CookieNotice block={notice} index={0} />);
    expect(region(root).hidden).toBe(false);
    expect(button(root, 'Accept all').tabIndex).toBe(0);
    expect(button(root, 'Only essential').tabIndex).toBe(0);
  });

  it.each([
    ['Accept all', 'granted'],
    ['Only essential', 'denied'],
  ])('rule 33: %s stores cookie_consent=%s and hides the notice', async (label, value) => {
    const root = await mount(<CookieNotice block={notice} index={0} />);
    await act(async () => button(root, label).click());
    expect(document.cookie).toContain(`cookie_consent=${value}`);
    expect(region(root).hidden).toBe(true);
  });

  it('rule 33: stays hidden when a choice exists', async () => {
    setConsent('denied');
    const root = await mount(<CookieNotice block={notice} index={0} />);
    expect(region(root).hidden).toBe(true);
  });

  it('rule 33: one choice hides every notice on the page (layout and page block)', async () => {
    const first = await mount(<CookieNotice block={notice} index={0} />);
    const second = await mount(<CookieNotice block={notice} index={3} />);
    await act(async () => button(second, 'Accept all').click());
    expect(region(first).hidden).toBe(true);
  });

  it('WCAG 2.4.11: only the first notice of the page shows (a second, fixed in the same place, would cover its buttons), and it leaves room for itself', async () => {
    const first = await mount(<CookieNotice block={notice} index={0} />);
    const second = await mount(<CookieNotice block={notice} index={3} />);
    expect(region(first).hidden).toBe(false);
    expect(region(second).hidden).toBe(true);
    // happy-dom lays nothing out (0 px), but the variable base.css turns into scroll-padding is there.
    expect(document.documentElement.style.getPropertyValue('--cookie-notice-cover')).toBe('0px');
    await act(async () => button(first, 'Only essential').click());
    expect(document.documentElement.style.getPropertyValue('--cookie-notice-cover')).toBe('');
  });

  it('speaks Spanish on Spanish pages, with the labels from the locale file when the CMS gives none', async () => {
    const bare = block('blocks.cookie-notice', { text: '<p>Usamos cookies.</p>' });
    const root = await mount(<CookieNotice block={bare} index={0} />, { locale: 'es', page: { path: '/es' } });
    expect(region(root).getAttribute('aria-label')).toBe('Aviso de cookies');
    expect(button(root, 'Aceptar')).toBeDefined();
    expect(button(root, 'Rechazar')).toBeDefined();
  });
});
