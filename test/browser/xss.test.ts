import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreviewServer, listen } from '../../src/node/preview/server.js';
import { buildPoisonedSite, type PoisonedSite } from '../xss/site.js';
import { VECTORS } from '../xss/vectors.js';
import { useChromium, waitForHydration } from './page-helpers.js';
import { sel } from '../support/class-names.js';

/**
 * The XSS corpus in Chromium (the dynamic half): the bundled site with every vector in every
 * text, rich-text, link, media, SEO, form and modal field (test/xss/poison.ts)
 * is served by the preview server and driven in Chromium. An init script, in
 * every frame before any of the site's code, defines the hook every vector
 * calls (`__xss`) and `alert`, `confirm`, `prompt`, `print`; each call is
 * recorded through `exposeFunction`, and so is any native dialog. Every page
 * of both locales is loaded and hydrated, every element hovered, focused and
 * (buttons, and links that are not http(s) navigations) clicked, every modal
 * opened, every form submitted, and pages navigated client-side. Zero calls.
 * The static half is test/build/xss.test.ts.
 */
const chromium = useChromium();
let site: PoisonedSite;
let server: Server;
let origin: string;

beforeAll(async () => {
  site = await buildPoisonedSite();
  server = createPreviewServer(site.dist);
  origin = await listen(server, 0);
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** What ran: `__xss:<vector> @ <url>`, `alert:…`, `dialog:…`. */
const calls: string[] = [];
const figures = { pages: 0, modals: 0, forms: 0, answered: 0, succeeded: 0, clientNavigations: 0, elements: 0 };
/** Uncaught errors in the page (not executions: reported in the summary line, for the record). */
const pageErrors = new Set<string>();

/** Runs in every frame before the site's own scripts. */
const HOOK_SCRIPT = `(() => {
  const record = (kind, result) => function (...args) {
    try { window.__xssRecord(kind + ':' + args.map(String).join(',') + ' @ ' + location.href); } catch (e) {}
    return result;
  };
  Object.defineProperty(window, '__xss', { value: record('__xss'), configurable: false, writable: false });
  window.alert = record('alert');
  window.confirm = record('confirm', false);
  window.prompt = record('prompt', null);
  window.print = record('print');
})();`;

async function watchedContext(): Promise<BrowserContext> {
  const context = await chromium().newContext({ viewport: { width: 1280, height: 900 } });
  await context.exposeFunction('__xssRecord', (line: string) => void calls.push(line));
  await context.addInitScript(HOOK_SCRIPT);
  // Forms post somewhere: answer every POST as a form endpoint would, so success messages render.
  // Nothing leaves the machine: other hosts are refused.
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (request.method() === 'POST') return route.fulfill({ status: 200, body: 'ok', headers: { 'access-control-allow-origin': '*' } });
    if (url.origin !== origin && /^https?:$/.test(url.protocol)) return route.abort();
    return route.continue();
  });
  context.on('page', (page) => {
    page.on('pageerror', (error) => void pageErrors.add(error.message.slice(0, 160)));
    page.on('dialog', (dialog) => {
      calls.push(`dialog:${dialog.type()}:${dialog.message()} @ ${page.url()}`);
      void dialog.dismiss().catch(() => undefined);
    });
  });
  return context;
}

/**
 * Hovers, focuses and blurs every element of `root` (synthetic pointer, mouse and focus events run
 * inline handlers as real ones do), then clicks its buttons (not submit buttons: forms are submitted
 * on their own) and its links that a browser would not fetch over http(s) (javascript:, data:…:
 * exactly the ones that would run). http(s) link clicks are prevented so the page stays.
 */
async function exercise(page: Page, root: string): Promise<void> {
  const count = await page.evaluate((selector) => {
    const scope = document.querySelector(selector);
    if (!scope) return 0;
    const types: Array<[string, new (type: string, init?: EventInit) => Event]> = [
      ['pointerover', PointerEvent],
      ['pointerenter', PointerEvent],
      ['mouseover', MouseEvent],
      ['mouseenter', MouseEvent],
      ['mousemove', MouseEvent],
      ['focusin', FocusEvent],
      ['focus', FocusEvent],
      ['blur', FocusEvent],
      ['focusout', FocusEvent],
      ['animationstart', AnimationEvent],
      ['toggle', Event],
    ];
    const elements = Array.from(scope.querySelectorAll('*'));
    for (const el of elements) {
      for (const [type, Kind] of types) el.dispatchEvent(new Kind(type, { bubbles: !type.endsWith('enter') && type !== 'focus' && type !== 'blur' }));
      if (el instanceof HTMLElement && (el.tabIndex >= 0 || el.isContentEditable)) el.focus();
    }
    const stay = (event: Event) => {
      const a = (event.target as Element | null)?.closest?.('a[href], area[href]') as HTMLAnchorElement | null;
      if (a && /^(https?|mailto|tel):$/.test(a.protocol)) event.preventDefault();
    };
    document.addEventListener('click', stay, true);
    const openWindow = window.open;
    window.open = () => null;
    try {
      for (const el of elements) {
        if (el instanceof HTMLButtonElement && el.type !== 'submit') el.click();
        else if ((el instanceof HTMLAnchorElement || el instanceof HTMLAreaElement) && el.href && !/^(https?|mailto|tel):$/.test(el.protocol)) el.click();
        else if (el instanceof HTMLElement && el.tagName === 'SUMMARY') el.click();
      }
    } finally {
      document.removeEventListener('click', stay, true);
      window.open = openWindow;
    }
    return elements.length;
  }, root);
  figures.elements += count;
}

/** Submits every form of `root` (its empty required fields filled with harmless values) and waits for the answer to render. */
async function submitForms(page: Page, root: string): Promise<void> {
  const submitted = await page.evaluate((selector) => {
    const forms = Array.from(document.querySelectorAll<HTMLFormElement>(`${selector} form`));
    for (const form of forms) {
      for (const input of Array.from(form.querySelectorAll<HTMLInputElement>('input:not([type=hidden]):not([type=checkbox]):not([type=radio])'))) {
        if (input.value !== '' || !input.required) continue;
        const value =
          input.type === 'email' ? 'ana@example.com' : input.type === 'number' || input.type === 'range' ? input.min || '1' : input.type === 'date' ? '2027-03-01' : 'Ana';
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }
      for (const box of Array.from(form.querySelectorAll<HTMLInputElement>('input[type=checkbox][required], input[type=radio]'))) if (!box.checked) box.click();
      const button = form.querySelector<HTMLElement>('button[type=submit], input[type=submit]');
      if (button) button.click();
      else form.requestSubmit();
    }
    return forms.length;
  }, root);
  figures.forms += submitted;
  if (submitted === 0) return;
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Answered: the success message (rich text) or the error summary (labels) rendered.
  figures.answered += await page.locator(sel(`${root} .form__success, ${root} .form__summary, ${root} .form__failure`)).count();
  figures.succeeded += await page.locator(sel(`${root} .form__success`)).count();
}

async function load(page: Page, url: string): Promise<void> {
  const response = await page.goto(`${origin}${url}`, { waitUntil: 'load' });
  expect(response?.status(), url).toBe(200);
  await waitForHydration(page);
  figures.pages++;
}

describe('no vector executes in Chromium', () => {
  it('the hook records (a vector that runs is seen)', async () => {
    const context = await watchedContext();
    const page = await context.newPage();
    // A blank page: the site's own pages carry its CSP (dist/_headers), which blocks these two by itself.
    await page.setContent(`<img src=x onerror="__xss('self-test')"><a id=a href="javascript:alert('self-test')">x</a>`);
    await page.click('#a');
    await page.waitForFunction(() => true);
    await expect.poll(() => calls.filter((c) => c.includes('self-test')).length).toBe(2);
    calls.length = 0;
    await context.close();
  });

  it('every page of both locales, every modal, every form and client-side navigation: zero calls', async () => {
    const context = await watchedContext();
    const page = await context.newPage();
    // Every page: loaded, hydrated, every element hovered, focused and clicked.
    const pages = site.pages.filter((p) => !/\/404$/.test(p));
    for (const url of pages) {
      await load(page, url);
      await exercise(page, 'body');
      if (page.url() !== `${origin}${url}` && !page.url().startsWith(`${origin}${url}#`)) await load(page, url);
    }
    // The error pages (any unknown path, each locale: the layout and the error page's own fields).
    for (const url of ['/no-such-page', '/es/no-existe']) {
      const response = await page.goto(`${origin}${url}`, { waitUntil: 'load' });
      expect(response?.status(), url).toBe(404);
      await waitForHydration(page);
      figures.pages++;
      await exercise(page, 'body');
    }
    // Every modal of each locale, opened by its shared URL on the page with every block; its forms submitted.
    for (const [locale, home] of [
      ['en', '/all-blocks'],
      ['es', '/es/todos-los-bloques'],
    ] as const) {
      const modals = JSON.parse(await readFile(path.join(site.dist, locale === 'en' ? '_modals.json' : 'es/_modals.json'), 'utf8')) as Array<{ name: string }>;
      await load(page, home);
      for (const { name } of modals) {
        // From a URL without a hash: a vector clicked in the last modal may have left this very hash, which would fire no hashchange.
        await page.evaluate((n) => {
          history.replaceState(history.state, '', location.pathname + location.search);
          location.hash = `#modal=${n}`;
        }, name);
        await page.waitForSelector('dialog.modal[open]', { timeout: 10_000 });
        await page.waitForLoadState('networkidle');
        figures.modals++;
        await exercise(page, 'dialog.modal[open]');
        await submitForms(page, 'dialog.modal[open]');
        await page.keyboard.press('Escape');
        // Closed once the hash is gone too: the dialog loses `open` at once and the URL follows on its `close` event,
        // which would clear a hash set in between.
        await page.waitForFunction(() => !document.querySelector('dialog.modal[open]') && !location.hash.startsWith('#modal='));
      }
      // The page's own forms.
      await load(page, home);
      await submitForms(page, 'main');
      await exercise(page, 'main');
    }
    // Client-side navigation: from each home, through the header's links, payloads rendered in place.
    for (const [locale, home] of [
      ['en', '/'],
      ['es', '/es'],
    ] as const) {
      // The stored choice is the home's locale: the Spanish pages above left `es`, and rule 9 would replace `/` with `/es`
      // once its detector chunk loaded, after the links below were read.
      await context.addCookies([{ name: 'i18n_redirected', value: locale, url: origin }]);
      await load(page, home);
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      const targets = await page.$$eval('header nav a[href^="/"]', (links) => [...new Set(links.map((a) => a.getAttribute('href')!))].slice(0, 6));
      expect(targets.length).toBeGreaterThan(2);
      for (const href of targets) {
        await page.evaluate((h) => {
          const link = Array.from(document.querySelectorAll<HTMLAnchorElement>('header nav a')).find((a) => a.getAttribute('href') === h);
          link?.click();
        }, href);
        await page.waitForFunction((h) => window.location.pathname === h, href);
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true), `client-side navigation to ${href}`).toBe(true);
        figures.clientNavigations++;
        await exercise(page, 'main');
      }
    }
    await context.close();
    console.log(
      `XSS in Chromium: ${VECTORS.length} vectors, ${site.poisoned.fields} fields poisoned, ${figures.pages} page loads (${pages.length} pages, both locales), ` +
        `${figures.modals} modals opened, ${figures.forms} forms submitted (${figures.answered} answered, ${figures.succeeded} with their success message), ${figures.clientNavigations} client-side navigations, ${figures.elements} elements exercised: ${calls.length} calls recorded` +
        (pageErrors.size ? `; uncaught page errors: ${[...pageErrors].join(' | ')}` : ''),
    );
    expect(calls).toEqual([]);
    expect(figures.modals).toBeGreaterThanOrEqual(14);
    expect(figures.forms).toBeGreaterThanOrEqual(2);
  }, 170_000);
});
