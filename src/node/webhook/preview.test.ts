// @vitest-environment node
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { dressPreview, renderPreview, type PreviewDeps } from './preview.js';

const PAGE = `<!doctype html><html lang="en"><head><title>Spa</title></head><body class="page">
<main><h1>Spa</h1><p>The edit</p></main>
<section class="cookie-notice" aria-label="Cookie notice"><button>Only essential</button></section>
<div class="offer-toast-region" role="status"><div class="offer-toast">20% off</div></div>
</body></html>`;

describe('the draft preview', () => {
  it('hides the cookie notice and the offer toast, so the edit is visible on a phone-sized preview, and shows its banner', () => {
    const html = dressPreview(PAGE, 'Preview: draft — not published');
    const { window } = new JSDOM(html);
    const shown = (selector: string) => window.getComputedStyle(window.document.querySelector(selector)!).display !== 'none';
    expect(shown('.cookie-notice')).toBe(false);
    expect(shown('.offer-toast-region')).toBe(false);
    expect(shown('main')).toBe(true);
    expect(window.document.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('noindex, nofollow');
    // Analytics never start on it (src/client/analytics/start.ts).
    expect(window.document.querySelector('meta[name="marea-preview"]')).not.toBeNull();
    expect(window.document.body.firstElementChild!.textContent).toBe('Preview: draft — not published');
  });

  it('wraps long messages instead of running off the panel', async () => {
    const uid = `api::${'a-very-long-model-name-'.repeat(8)}x.${'a-very-long-model-name-'.repeat(8)}x`;
    const answer = await renderPreview({ uid, documentId: null, locale: null, status: 'draft' }, {} as PreviewDeps);
    expect(answer.status).toBe(400);
    const { window } = new JSDOM(answer.html);
    const line = window.document.querySelector('li pre')!;
    expect(line.textContent).toContain(uid);
    expect(window.getComputedStyle(line).whiteSpace).toBe('pre-wrap');
    expect((line as HTMLElement).style.overflowWrap).toBe('anywhere');
  });

  it('lists the entry’s own warnings under the banner, closed, wrapped and scrolling', () => {
    const line = '⚠ warning [es] page "inicio" › blocks[0] (blocks.wysiwyg) › body: Link to "/habitaciones" goes to the English site';
    const html = dressPreview(PAGE, 'Vista previa: borrador — sin publicar', { summary: '1 advertencia', lines: [line] });
    const { window } = new JSDOM(html);
    const banner = window.document.body.firstElementChild!;
    expect(banner.getAttribute('role')).toBe('status');
    const details = banner.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('1 advertencia');
    const item = details.querySelector('li')! as HTMLElement;
    expect(item.textContent).toBe(line);
    expect(item.style.overflowWrap).toBe('anywhere');
    expect((details.querySelector('ul') as HTMLElement).style.overflow).toBe('auto');
  });
});
