// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { diagnose, expectedModel, formatFindings, modelFindings, type PluginView } from './doctor.js';

const cmsLocales = { en: 'en', es: 'es-MX' } as const;

/** A fake Strapi: `answer(url, method)` gives status and body; a thrown error is a CMS that does not answer. */
function fakeFetch(answer: (url: URL, method: string) => { status: number; body?: unknown }): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const { status, body } = answer(new URL(String(input)), init?.method ?? 'GET');
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  }) as typeof fetch;
}

const healthyView = (): PluginView => ({
  ...expectedModel(),
  locales: ['en', 'es-MX'],
  webhooks: [{ name: 'Netlify', enabled: true, events: ['entry.publish', 'entry.unpublish', 'entry.delete', 'media.update', 'media.delete'] }],
  reportToken: true,
});

describe('cms:doctor findings (docs/own-strapi.md)', () => {
  it('names a CMS that does not answer, with what to check', async () => {
    const findings = await diagnose({
      cmsUrl: 'http://cms.invalid/',
      token: 't',
      cmsLocales,
      fetch: fakeFetch(() => {
        throw new Error('getaddrinfo ENOTFOUND cms.invalid');
      }),
    });
    expect(findings).toEqual([
      { verdict: 'fail', what: 'CMS_URL http://cms.invalid does not answer: getaddrinfo ENOTFOUND cms.invalid', fix: expect.stringMatching(/check CMS_URL/) },
    ]);
  });

  it('names an answer larger than CMS_MAX_BYTES as the build would meet it, without reading it whole', async () => {
    const fetcher = fakeFetch((url) => (url.pathname === '/api/promo-codes' ? { status: 200, body: { data: ['x'.repeat(2_000)] } } : { status: 200, body: { data: [] } }));
    const findings = await diagnose({ cmsUrl: 'https://cms.example.com', token: 't', cmsLocales, fetch: fetcher, maxBytes: 1_000 });
    expect(findings.filter((f) => f.what.startsWith('promo-codes'))).toEqual([
      {
        verdict: 'fail',
        what: expect.stringMatching(/: The CMS answer to GET https:\/\/cms\.example\.com\/api\/promo-codes.* is larger than CMS_MAX_BYTES \(1 KB\)/) as string,
        fix: expect.stringMatching(/CMS_MAX_BYTES/) as string,
      },
    ]);
  });

  it('names a missing field from Strapi’s "Invalid key" answer, and says what it cannot check without the plugin', async () => {
    const fetcher = fakeFetch((url, method) => {
      if (url.pathname === '/_health') return { status: 204 };
      if (url.pathname === '/api/modals') return { status: 400, body: { error: { message: 'Invalid key items' } } };
      if (url.pathname === '/api/users') return { status: 403 };
      if (url.pathname === '/api/pages' && method === 'POST') return { status: 403 };
      if (url.pathname === '/api/marea/doctor') return { status: 404 };
      return { status: 200, body: { data: [] } };
    });
    const findings = await diagnose({ cmsUrl: 'https://cms.example.com', token: 't', cmsLocales, fetch: fetcher });
    const failed = findings.filter((f) => f.verdict === 'fail');
    expect(failed.map((f) => f.what)).toEqual([
      'modals (en): the CMS has no field the build reads (Invalid key items)',
      'modals (es-MX): the CMS has no field the build reads (Invalid key items)',
      'the Marea plugin does not answer (GET /api/marea/doctor: 404): no publish gate, no build reports, no media protection',
    ]);
    expect(failed.every((f) => /npm run cms:schema -- --into/.test(f.fix ?? ''))).toBe(true);
    expect(findings.filter((f) => f.verdict === 'unknown').map((f) => f.what)).toEqual([
      expect.stringMatching(/^not checked without the plugin: the content model field by field/),
    ]);
    expect(formatFindings(findings)).toMatch(/^✓ CMS_URL https:\/\/cms\.example\.com answers$/m);
    expect(formatFindings(findings)).toMatch(/^✗ modals \(en\).*\n {4}→ run `npm run cms:schema -- --into/m);
  });

  it('names a single type with nothing published in a locale', async () => {
    const fetcher = fakeFetch((url) =>
      url.pathname === '/api/error-page' && url.searchParams.get('locale') === 'es-MX'
        ? { status: 404, body: { error: { message: 'Not Found' } } }
        : { status: url.pathname === '/api/pages' ? 403 : 200, body: {} },
    );
    const findings = await diagnose({ cmsUrl: 'https://cms.example.com', token: 't', cmsLocales, fetch: fetcher });
    expect(findings.find((f) => f.what.startsWith('error-page (es-MX)'))).toMatchObject({
      verdict: 'fail',
      what: 'error-page (es-MX): nothing published in this locale, or no such content type (404)',
    });
  });

  it('compares the model the plugin sees field by field: a missing component, a missing field, a field of another type', () => {
    expect(modelFindings(healthyView())).toEqual([
      { verdict: 'ok', what: expect.stringMatching(/^content model: the 5 content types and \d+ components the site reads are there/) },
    ]);
    const view = healthyView();
    const { 'blocks.hero': _hero, ...components } = view.components;
    const page = { ...view.contentTypes['api::page.page'] };
    delete page.slug;
    const layout = { ...view.contentTypes['api::layout.layout'], header: 'json' };
    const gaps = modelFindings({ ...view, components, contentTypes: { ...view.contentTypes, 'api::page.page': page, 'api::layout.layout': layout } });
    expect(gaps.map((f) => f.what)).toEqual(
      expect.arrayContaining([
        'content model: content type api::page.page has no field "slug"',
        expect.stringMatching(/^content model: content type api::layout\.layout: field "header" is json, the site reads /),
        'content model: component blocks.hero is missing',
      ]),
    );
    expect(gaps.every((f) => f.verdict === 'fail')).toBe(true);
  });
});
