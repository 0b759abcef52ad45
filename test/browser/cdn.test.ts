import { describe, expect, inject, it } from 'vitest';
import { useChromium, waitForHydration } from './page-helpers.js';

/**
 * What the CDN does for the bundled site, in Chromium, on three servers
 * (docs/deploying.md): `npm run preview`; Netlify's own local runtime and the
 * `netlify dev` command, both running the edge function in Deno
 * (test/support/netlify-runtime.ts, netlify-cli.ts). Rules 3, 5, 9, 10, 28,
 * 30 and netlify.toml's headers.
 */
const runtimeOrigin = inject('netlifyOrigin');
const cliOrigin = inject('netlifyCliOrigin');
const servers = [
  ['npm run preview', inject('siteOrigin')],
  ['Netlify’s local runtime', runtimeOrigin],
  ['netlify dev', cliOrigin],
] as const;
const deep = inject('deepPages');
const chromium = useChromium();

async function visit(origin: string, path: string, locale = 'en-US') {
  const context = await chromium().newContext({ locale });
  const page = await context.newPage();
  const response = await page.goto(`${origin}${path}`);
  return { page, response, close: () => context.close() };
}

describe.each(servers)('the CDN’s behaviour on %s', (_name, origin) => {
  it('rule 5: /x serves x.html; rule 3: with a trailing slash too; it hydrates', async () => {
    for (const path of [deep.en, `${deep.en}/`, deep.es]) {
      const { page, response, close } = await visit(origin, path);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator('main h1').count(), path).toBe(1);
      await waitForHydration(page);
      await close();
    }
  });

  it('rule 28: unknown paths get the page of their locale with status 404', async () => {
    for (const [path, lang] of [
      ['/no-such-page', 'en-US'],
      ['/es/no-existe', 'es-MX'],
    ] as const) {
      const { page, response, close } = await visit(origin, path);
      // Netlify's local runtime serves a `status = 404` rewrite (the Spanish
      // 404) with status 200; the CDN answers 404 (test/netlify/cdn-parity.test.ts).
      if (!(origin === runtimeOrigin && path.startsWith('/es/'))) expect(response?.status(), path).toBe(404);
      expect(await page.locator('html').getAttribute('lang'), path).toBe(lang);
      await waitForHydration(page);
      await close();
    }
  });

  it('netlify.toml: pages revalidate, hashed assets are immutable, build manifests never cached, and nosniff everywhere', async () => {
    const { page, response, close } = await visit(origin, deep.en);
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    // `netlify dev` sends its static server's Cache-Control instead (test/netlify/cdn-parity.test.ts).
    if (origin === cliOrigin) return close();
    expect(response?.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    expect(response?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const script = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
    const asset = await page.request.get(`${origin}${script}`);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const latest = await page.request.get(`${origin}/builds/latest.json`);
    expect(latest.headers()['cache-control']).toBe('no-cache, no-store, must-revalidate');
    await close();
  });

  it('rule 9: a Spanish browser at / ends on /es with the query kept; an English one stays on /', async () => {
    const spanish = await visit(origin, '/?utm_source=cdn', 'es-MX');
    await spanish.page.waitForURL((url) => url.pathname === '/es');
    expect(new URL(spanish.page.url()).search).toBe('?utm_source=cdn');
    await spanish.close();
    const english = await visit(origin, '/', 'en-US');
    await waitForHydration(english.page);
    expect(new URL(english.page.url()).pathname).toBe('/');
    await english.close();
  });
});

describe.each([
  ['Netlify’s local runtime', runtimeOrigin],
  ['netlify dev', cliOrigin],
] as const)('the edge function on %s (rules 9, 10, 30)', (name, origin) => {
  it('redirects a Spanish browser before any English HTML, and the locale cookie is set', async () => {
    const context = await chromium().newContext({ locale: 'es-MX' });
    const page = await context.newPage();
    const documents: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document') documents.push({ url: new URL(response.url()).pathname, status: response.status() });
    });
    await page.goto(`${origin}/`);
    await page.waitForURL((url) => url.pathname === '/es');
    // The first answer for `/` is the edge's 302: no English page was sent.
    expect(documents[0]).toEqual({ url: '/', status: 302 });
    expect(documents.filter((d) => d.url === '/' && d.status === 200)).toEqual([]);
    // netlify dev passes on both of the edge's cookies; Netlify's local
    // runtime only the last (docs/deploying.md), so there the page writes
    // the locale cookie once hydrated (rule 10).
    if (origin === runtimeOrigin) await waitForHydration(page);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'i18n_redirected')?.value, name).toBe('es');
    await context.close();
  });

  it('gives page requests the visitor’s `country` cookie (alpha-3)', async () => {
    const { close, page } = await visit(origin, deep.en);
    const country = (await page.context().cookies()).find((c) => c.name === 'country');
    expect(country?.value).toBe(origin === cliOrigin ? 'MEX' : 'USA');
    await close();
  });
});
