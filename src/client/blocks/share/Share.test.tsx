import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { block } from '../../../../test/support/blocks.js';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { Share } from './Share.js';
import { networksOf, shareUrl } from './share-urls.js';

const share = block('blocks.share', { networks: ['facebook', 'x', 'whatsapp', 'email', 'copy'] });
const CANONICAL = 'https://www.marea.example/rooms/garden-villa';
const TITLE = 'Garden Villa & Pool';

/** As the app renders it: the page context carries the payload's canonical URL and title. */
const renderWithCanonical = (locale: 'en' | 'es' = 'en') =>
  renderStatic(<Share block={share} index={0} />, { locale, page: { path: '/rooms/garden-villa', canonical: CANONICAL, title: TITLE } });

const hrefOf = (html: string, name: string) => new RegExp(`href="([^"]+)"[^>]*aria-label="${name}"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('blocks.share: links', () => {
  it("shares the page's canonical URL and title (page context), encoded, per network", () => {
    const html = renderWithCanonical();
    const url = encodeURIComponent(CANONICAL);
    expect(hrefOf(html, 'Share on Facebook \\(opens in a new tab\\)')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
    expect(hrefOf(html, 'Share on X \\(opens in a new tab\\)')).toBe(`https://x.com/intent/post?url=${url}&text=Garden%20Villa%20%26%20Pool`);
    expect(hrefOf(html, 'Share on WhatsApp \\(opens in a new tab\\)')).toBe(`https://wa.me/?text=Garden%20Villa%20%26%20Pool%20${url}`);
    expect(hrefOf(html, 'Share by email')).toBe(`mailto:?subject=Garden%20Villa%20%26%20Pool&body=${url}`);
  });

  it('opens networks in a new tab with rel=noopener, email in the mail client, icons hidden from screen readers', () => {
    const html = renderWithCanonical();
    expect(html.match(/target="_blank" rel="noopener noreferrer"/g)).toHaveLength(3);
    expect(html).toMatch(/<a class="share__item" href="mailto:[^"]*" aria-label="Share by email">/);
    expect(html.match(/<svg class="share__icon"[^>]*aria-hidden="true"/g)).toHaveLength(5);
    expect(html).toContain('<button type="button" class="share__item">');
    expect(html).toContain('Copy link</button>');
    // The polite status is there before anything is copied, so its first message is announced.
    expect(html).toContain('<p class="share__status" role="status"></p>');
  });

  it('speaks Spanish', () => {
    const html = renderWithCanonical('es');
    expect(html).toContain('aria-label="Compartir en Facebook (se abre en una pestaña nueva)"');
    expect(html).toContain('Comparte esta página');
    expect(html).toContain('Copiar enlace');
  });

  it('without a canonical: the path in the static HTML, the browser origin once hydrated', async () => {
    const html = renderStatic(<Share block={share} index={0} />, { page: { path: '/blog/post', canonical: '' } });
    expect(html).toContain(`sharer.php?u=${encodeURIComponent('/blog/post')}`);
    const root = await mount(<Share block={share} index={0} />, { page: { path: '/blog/post', canonical: '' } });
    const facebook = root.querySelector<HTMLAnchorElement>('a[href*="facebook"]')!;
    expect(facebook.getAttribute('href')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${window.location.origin}/blog/post`)}`);
  });

  it('keeps known networks only, once each, in the CMS order; nothing when none is left', () => {
    expect(networksOf(['copy', 'X', 'myspace', 'copy', 'email'])).toEqual(['copy', 'x', 'email']);
    expect(renderStatic(<Share block={block('blocks.share', { networks: ['myspace'] })} index={0} />)).toBe('');
  });

  it('shares without a title on X and WhatsApp when there is none', () => {
    expect(shareUrl('x', 'https://a.example/b', '')).toBe('https://x.com/intent/post?url=https%3A%2F%2Fa.example%2Fb');
    expect(shareUrl('whatsapp', 'https://a.example/b', '')).toBe('https://wa.me/?text=https%3A%2F%2Fa.example%2Fb');
  });
});

describe('blocks.share: copy link', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  const copyButton = (root: HTMLElement) => [...root.querySelectorAll('button')].find((b) => b.textContent === 'Copy link')!;
  const status = (root: HTMLElement) => root.querySelector('[role="status"]')!.textContent;
  const setClipboard = (value: unknown) => Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
  let execCommand: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    execCommand = vi.fn(() => true);
    (document as unknown as { execCommand: unknown }).execCommand = execCommand;
  });
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    document.body.innerHTML = '';
  });

  it('writes the URL with the Clipboard API and says "Link copied" politely', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard({ writeText });
    const root = await mount(<Share block={share} index={0} />, { page: { path: '/blog/post', canonical: CANONICAL } });
    await act(async () => copyButton(root).click());
    expect(writeText).toHaveBeenCalledWith(CANONICAL);
    expect(execCommand).not.toHaveBeenCalled();
    expect(status(root)).toBe('Link copied');
  });

  it('falls back to selecting a read-only field and execCommand("copy") when the Clipboard API refuses', async () => {
    setClipboard({ writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    let selected: string | undefined;
    execCommand.mockImplementation(() => {
      const field = document.querySelector<HTMLInputElement>('input[readonly]');
      selected = field ? field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0) : undefined;
      return true;
    });
    const root = await mount(<Share block={share} index={0} />, { page: { path: '/blog/post', canonical: CANONICAL } });
    await act(async () => copyButton(root).click());
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(selected).toBe(CANONICAL);
    expect(status(root)).toBe('Link copied');
    // The helper field is gone again.
    expect(document.querySelector('input[readonly]')).toBeNull();
  });

  it('without any clipboard, shows the URL selected in a labelled field for a manual copy', async () => {
    setClipboard(undefined);
    execCommand.mockReturnValue(false);
    const root = await mount(<Share block={share} index={0} />, { page: { path: '/blog/post', canonical: CANONICAL } });
    await act(async () => copyButton(root).click());
    const field = root.querySelector<HTMLInputElement>('.share__manual input')!;
    expect(field.value).toBe(CANONICAL);
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    expect(root.querySelector('.share__manual')!.textContent).toContain('Link to this page');
    expect(status(root)).toMatch(/selected below/);
  });
});
