import { readdir, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contentSecurityPolicy, cspHash, HEADERS_FILE } from '../../src/node/build/headers.js';
import { ROOT } from '../../src/node/build/paths.js';
import { createPreviewServer, listen } from '../../src/node/preview/server.js';
import { buildSite } from '../support/build-site.js';
import { launchChromium } from '../support/chromium.js';
import { openPage, waitForHydration, type WatchedPage } from './page-helpers.js';

/**
 * Item 2: the Content-Security-Policy the build writes (dist/_headers,
 * src/node/build/headers.ts) allows exactly what the site loads. The
 * bundled site is built with GTM and Datadog configured (fake ids, Session
 * Replay on every session) and served by `npm run preview`, which applies
 * dist/_headers as Netlify does; every page template is loaded in both
 * locales and any CSP violation fails the test. Third parties are
 * intercepted: nothing leaves the machine.
 */
const CONFIGURED = {
  PUBLIC_GTM_ID: 'GTM-CSPTEST',
  PUBLIC_DATADOG_APPLICATION_ID: 'app',
  PUBLIC_DATADOG_CLIENT_TOKEN: 'pub123',
  PUBLIC_DATADOG_SESSION_SAMPLE_RATE: '100',
  PUBLIC_DATADOG_SESSION_REPLAY_SAMPLE_RATE: '100',
  // The bundled content's "all blocks" form posts to its own CRM: listed, so the policy allows it (docs/security.md).
  FORM_HOSTS: 'forms.marea-resorts.example',
};

/** Every page template, both locales. */
const PAGES = [
  '/', // home
  '/es',
  '/services/spa', // content page
  '/es/servicios/spa',
  '/rooms/ocean-view-suite', // room
  '/es/habitaciones/suite-vista-al-mar',
  '/blog', // blog list
  '/es/blog',
  '/blog/sea-turtle-season', // blog post
  '/es/blog/temporada-de-tortugas-marinas',
  '/contact', // contact form
  '/es/contacto',
  '/sitemap', // site map
  '/es/mapa-del-sitio',
  '/all-blocks', // every block
  '/es/todos-los-bloques',
  '/nowhere', // 404
  '/es/ninguna',
];

/**
 * What Google Tag Manager's `gtm.js` does once it runs: loads a tag's
 * script from its own host, sends a hit to Google Analytics (fetch and a
 * pixel). Datadog's SDK is bundled (no loader): a request to its intake
 * stands for what it sends.
 */
const GTM_STUB = `
  (function () {
    var s = document.createElement('script');
    s.src = 'https://www.googletagmanager.com/gtag/js?id=G-CSPTEST';
    document.head.appendChild(s);
    fetch('https://region1.google-analytics.com/g/collect?v=2&tid=G-CSPTEST', { method: 'POST', mode: 'no-cors' }).catch(function () {});
    new Image().src = 'https://www.google-analytics.com/collect?v=1&tid=G-CSPTEST';
    fetch('https://browser-intake-datadoghq.com/api/v2/rum?ddsource=browser', { method: 'POST', mode: 'no-cors', body: '{}' }).catch(function () {});
    window.__gtmStubRan = true;
  })();
`;

declare global {
  interface Window {
    __cspViolations?: string[];
    __gtmStubRan?: boolean;
    __injectedRan?: boolean;
    __workers?: string[];
  }
}

let server: Server | undefined;
let origin = '';
let dist = '';
let browser: Browser;
let buildLog: string[] = [];

beforeAll(async () => {
  const { paths, log } = await buildSite(path.join(ROOT, 'content-cache'), { env: CONFIGURED });
  dist = paths.dist;
  buildLog = log;
  server = createPreviewServer(dist);
  origin = await listen(server, 0);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** Third parties answered locally, each request counted by host. */
async function interceptThirdParties(context: BrowserContext): Promise<string[]> {
  const hosts: string[] = [];
  await context.route(/^https:\/\/(www\.googletagmanager\.com|[a-z0-9.-]*google-analytics\.com|[a-z0-9.-]*browser-intake-datadoghq\.com)\//, (route) => {
    const url = new URL(route.request().url());
    hosts.push(url.host);
    if (url.pathname === '/gtm.js') return route.fulfill({ status: 200, contentType: 'text/javascript', body: GTM_STUB });
    if (url.host === 'www.googletagmanager.com') return route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__gtagStubRan = true;' });
    return route.fulfill({ status: 204, body: '' });
  });
  // Every violation, with what was blocked and by which directive, before any page script runs.
  await context.addInitScript(() => {
    window.__cspViolations = [];
    // Counts workers started (Datadog Session Replay's blob: compression worker).
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(...args: ConstructorParameters<typeof Worker>) {
        super(...args);
        window.__workers = [...(window.__workers ?? []), String(args[0]).split(':')[0] ?? ''];
      }
    };
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
    });
  });
  return hosts;
}

async function open(): Promise<WatchedPage & { hosts: string[] }> {
  const watched = await openPage(browser);
  const hosts = await interceptThirdParties(watched.page.context());
  return { ...watched, hosts };
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);
const cspConsole = (problems: string[]) => problems.filter((p) => /Content Security Policy/i.test(p));

describe('item 2: the Content-Security-Policy allows exactly what the site loads', () => {
  it('the preview sends the policy the build wrote, GTM and Datadog included', async () => {
    const file = await readFile(path.join(dist, HEADERS_FILE), 'utf8');
    const response = await fetch(`${origin}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(file).toContain(`Content-Security-Policy: ${csp}`);
    // docs/security.md: GTM loads through 'strict-dynamic' from the hashed boot script, no Google host may serve scripts.
    expect(directiveOf(csp, 'script-src')).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/=]+' 'strict-dynamic'$/);
    expect(csp).not.toContain('*');
    expect(csp).toContain('https://browser-intake-datadoghq.com');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toBe(
      contentSecurityPolicy({
        public: {
          gtmId: 'GTM-CSPTEST',
          datadog: {
            applicationId: 'app',
            clientToken: 'pub123',
            site: 'datadoghq.com',
            service: null,
            env: null,
            version: null,
            sessionSampleRate: 100,
            sessionReplaySampleRate: 100,
          },
        },
        // The bundled content's "all blocks" form posts to its own CRM, on FORM_HOSTS here.
        formActions: ['https://forms.marea-resorts.example'],
      }),
    );
  });

  it('every inline script and <style> of every built page is allowed by its hash (JSON and JSON-LD data blocks need nothing)', async () => {
    const csp = (await fetch(`${origin}/`)).headers.get('content-security-policy') ?? '';
    await expectInlineHashed(dist, csp);
  });

  it('CSP: a build without PUBLIC_GTM_ID: script-src is the site and the boot script’s hash; forms post only to the listed host', async () => {
    // The browser tests' site lists the bundled forms' CRM in FORM_HOSTS (global-setup.ts); a build that does
    // not list it keeps it out of the policy and names each form (test/build/form-hosts.test.ts).
    const plain = inject('siteDist');
    const csp = /Content-Security-Policy: (.*)/.exec(await readFile(path.join(plain, HEADERS_FILE), 'utf8'))?.[1] ?? '';
    expect(directiveOf(csp, 'script-src')).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/=]+'$/);
    expect(csp).not.toMatch(/googletagmanager|google-analytics|strict-dynamic|\*/);
    expect(directiveOf(csp, 'form-action')).toBe("form-action 'self' https://forms.marea-resorts.example");
    await expectInlineHashed(plain, csp);
    // The configured build listed the host: no line about it.
    expect(buildLog.filter((line) => line.includes('FORM_HOSTS'))).toEqual([]);
  });
});

/** One directive of a policy, `name source…`, or ''. */
const directiveOf = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

/** Every inline script and <style> of every page of `dist` has its hash in `csp` (the sha256 of the text the build emitted). */
async function expectInlineHashed(dist: string, csp: string): Promise<void> {
  const directive = (name: string) => directiveOf(csp, name);
  const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html') && !f.startsWith('builds'));
  expect(files.length).toBeGreaterThan(30);
  const inline = { scripts: new Set<string>(), styles: new Set<string>() };
  for (const file of files) {
    const html = await readFile(path.join(dist, file), 'utf8');
    for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      // JSON data blocks, the payload's and the structured data's (docs/search-and-sharing.md, "Structured data"), are never executed: no hash needed.
      if (/\bsrc=/.test(attributes) || /type="application\/(?:ld\+)?json"/.test(attributes)) continue;
      inline.scripts.add(text);
    }
    for (const [, text = ''] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) inline.styles.add(text);
  }
  expect(inline.scripts.size).toBeGreaterThan(0);
  for (const text of inline.scripts) expect(directive('script-src'), text.slice(0, 80)).toContain(cspHash(text));
  for (const text of inline.styles) expect(directive('style-src-elem'), text.slice(0, 80)).toContain(cspHash(text));
}

describe('item 2: the Content-Security-Policy in a browser', () => {
  it.each(PAGES)('%s: loads, hydrates and runs GTM and Datadog without a violation', async (pathname) => {
    const { page, problems, hosts } = await open();
    // Consent given: GTM and Datadog RUM (Session Replay's blob: worker included) track from the start.
    await page.context().addCookies([{ name: 'cookie_consent', value: 'granted', url: origin }]);
    const response = await page.goto(`${origin}${pathname}`);
    expect(response?.status()).toBe(pathname.includes('nowhere') || pathname.includes('ninguna') ? 404 : 200);
    await waitForHydration(page);
    await page.waitForFunction(() => window.__gtmStubRan === true, undefined, { timeout: 20_000 });
    if (pathname === '/') {
      // Session Replay started its worker from a blob: URL (worker-src), and it ran.
      await page.waitForFunction(() => (window.__workers ?? []).includes('blob'), undefined, { timeout: 20_000 });
    }
    await page.waitForLoadState('networkidle');
    expect(hosts).toEqual(expect.arrayContaining(['www.googletagmanager.com', 'region1.google-analytics.com', 'browser-intake-datadoghq.com']));
    expect(await violations(page)).toEqual([]);
    expect(cspConsole(problems)).toEqual([]);
    await page.context().close();
  });

  it('a form is left unsent, a modal opens, client-side navigation to another template: no violation', async () => {
    const { page, problems } = await open();
    await page.goto(`${origin}/contact`);
    await waitForHydration(page);
    // Submitting nothing: the form shows its errors and sends nothing.
    await page.locator('form.form button[type="submit"]').first().click();
    await page.waitForSelector('form.form [role="alert"], form.form [aria-invalid="true"]', { timeout: 10_000 });
    await page.goto(`${origin}/rooms`);
    await waitForHydration(page);
    await page.locator('a[data-modal]').first().click();
    await page.waitForSelector('dialog.modal[open]', { timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.modal[open]') && !window.location.hash.startsWith('#modal='));
    await page.locator('a[href="/blog"]:visible').first().click();
    await page.waitForURL(`${origin}/blog`);
    await page.waitForLoadState('networkidle');
    // The structured data and the share card were replaced by the blog's, as its static HTML has them (docs/search-and-sharing.md).
    const blog = await readFile(path.join(dist, 'blog.html'), 'utf8');
    const head = await page.evaluate(() => ({
      ld: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent),
      image: document.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content,
    }));
    expect(head.ld).toEqual([blog.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/)?.[1]]);
    expect(head.image).toBe(blog.match(/<meta property="og:image" content="([^"]+)"/)?.[1]);
    expect(await violations(page)).toEqual([]);
    expect(cspConsole(problems)).toEqual([]);
    await page.context().close();
  });

  it('negative check: an inline script and a <style> injected into the page’s HTML are blocked (the policy applies)', async () => {
    const { page, problems } = await open();
    // Markup injection, the attack the policy is for. ('strict-dynamic', on with GTM, trusts what running script
    // inserts: a script that can already call createElement has won; what it refuses is anything in the markup.)
    await page.route(`${origin}/`, async (route) => {
      const response = await route.fetch();
      const injected = '<script>window.__injectedRan = true;</script><style>body { outline: 3px solid red; }</style>';
      await route.fulfill({ response, body: (await response.text()).replace('</body>', `${injected}</body>`) });
    });
    await page.goto(`${origin}/`);
    await waitForHydration(page);
    await page.waitForFunction(() => (window.__cspViolations ?? []).length >= 2);
    expect(await page.evaluate(() => window.__injectedRan ?? false)).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).outlineStyle)).not.toBe('solid');
    expect(await violations(page)).toEqual([expect.stringMatching(/^script-src-elem blocked inline/), expect.stringMatching(/^style-src-elem blocked inline/)]);
    // A <style> added by script is refused too (style-src-elem has no 'strict-dynamic').
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { outline: 3px solid red; }';
      document.head.appendChild(style);
    });
    await page.waitForFunction(() => (window.__cspViolations ?? []).length >= 3);
    expect(await page.evaluate(() => getComputedStyle(document.body).outlineStyle)).not.toBe('solid');
    expect(cspConsole(problems).length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('CSP: a container tag injected into the HTML (stored XSS) does not load, though GTM is on and googletagmanager.com answers', async () => {
    const { page, problems, hosts } = await open();
    // The page as if an editor's field had smuggled a parser-inserted <script src> into it: with a host allow-list it ran.
    const evil = 'https://www.googletagmanager.com/gtm.js?id=GTM-EVIL';
    await page.route(`${origin}/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('</body>', `<script src="${evil}"></script></body>`);
      await route.fulfill({ response, body: html });
    });
    await page.context().addCookies([{ name: 'cookie_consent', value: 'granted', url: origin }]);
    await page.goto(`${origin}/`);
    await waitForHydration(page);
    // The site's own container still loads (from the trusted entry), the injected one never is requested.
    await page.waitForFunction(() => window.__gtmStubRan === true, undefined, { timeout: 20_000 });
    expect(await violations(page)).toEqual([expect.stringMatching(/^script-src-elem blocked https:\/\/www\.googletagmanager\.com\/gtm\.js\?id=GTM-EVIL/)]);
    expect(hosts.filter((host) => host === 'www.googletagmanager.com').length).toBeGreaterThan(0);
    expect(cspConsole(problems).length).toBeGreaterThan(0);
    await page.context().close();
  });
});
