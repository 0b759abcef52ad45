import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureAdminBuilt } from '../../src/node/cms-server/admin-build.js';
import { strapiEditor, type StrapiEditor } from '../../src/node/cms-server/editor.js';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { freePort } from '../../src/node/platform/free-port.js';
import { startFromSnapshot } from '../support/strapi-snapshot.js';
import { launchChromium } from '../support/chromium.js';
import { adminPage } from '../support/strapi-admin.js';
import { postReport } from '../../src/node/publishing/build-report.js';

/**
 * The Marea plugin's screens in the built admin panel, in Chromium: an
 * editor logs in and sees the last build on the homepage widget, the
 * Publishing page (reached from the menu, by keyboard) with the build, its
 * pages and a warning naming the page, block and field, whose link opens the
 * entry, and the entry's own last outcome in its edit view; in Spanish
 * (the editor's interface language), the builds' messages too, and the
 * panel follows a publish made in the edit view to its build's outcome.
 */
let dir: string;
let cms: RunningCms;
let browser: Browser;
let page: Page;
let spa: { documentId: string; title: string };
let editor: StrapiEditor;

/** A link's warning as the build words it (src/node/content/issues.ts, issues-es.ts). */
const MISSING = {
  en: 'Link to "no-such-page" matches no page in this locale; it leads to the 404 page',
  es: 'El enlace a "no-such-page" no corresponde a ninguna página en este idioma; lleva a la página 404',
};
const HINT = {
  en: 'Publish the page in this locale, or point the link at another page, or remove it.',
  es: 'Publica la página en este idioma, apunta el enlace a otra página o quítalo.',
};

beforeAll(async () => {
  const seconds = ensureAdminBuilt(CMS_DIR);
  if (seconds !== null) console.log(`admin panel built in ${seconds.toFixed(1)} s`);
  dir = await mkdtemp(path.join(tmpdir(), 'marea-publishing-admin-'));
  // A publish no build followed for a second (five minutes outside tests) makes the widget say the site is stale.
  cms = await startFromSnapshot(inject('cmsSnapshot'), dir, { port: await freePort(), admin: true, env: { MAREA_STALE_AFTER_SECONDS: '1' } });
  editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
  const found = await editor.rest('GET', '/api/pages?locale=en&filters[slug][$eq]=services/spa&fields[0]=title');
  spa = (found.data as Array<{ documentId: string; title: string }>)[0]!;
  // A build as every build path reports it, with the report token: live, one page changed, one warning.
  await postReport(
    { cmsUrl: cms.url, token: cms.reportToken },
    {
      source: 'ci',
      result: 'published',
      startedAt: new Date(Date.now() - 1500).toISOString(),
      finishedAt: new Date().toISOString(),
      buildId: 'a1b2c3d4e5f6',
      siteUrl: 'https://marea.example',
      rollback: { kind: 'netlify', url: 'https://app.netlify.com/sites/marea-test/deploys' },
      pages: { added: [], changed: ['/services/spa'], removed: [] },
      issues: [
        {
          severity: 'warning',
          code: 'UnknownLinkTarget',
          message: MISSING.en,
          hint: HINT.en,
          entity: 'page',
          locale: 'en',
          cmsLocale: 'en',
          slug: 'services/spa',
          block: 'blocks.hero #1',
          field: 'blocks[0].cta.slug',
          fieldWords: { en: 'Block 1 (Hero) › Button › Page', es: 'Bloque 1 (Portada) › Botón › Página' },
          words: { en: { message: MISSING.en, hint: HINT.en }, es: { message: MISSING.es, hint: HINT.es } },
        },
      ],
    },
  );
  // Then an editor publishes, and no build reports after it.
  await editor.publishSeoTitle(spa.documentId, 'en', 'Spa, waiting for its build');
  await new Promise((resolve) => setTimeout(resolve, 1200));
  browser = await launchChromium();
  page = await adminPage(browser, cms);
});

afterAll(async () => {
  await browser?.close();
  await cms?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the Publishing screens in the admin', () => {
  it('the homepage widget shows the latest build: live, with its warning counted', async () => {
    const widget = page
      .getByRole('region', { name: 'Publishing' })
      .or(page.locator('section', { hasText: 'Publishing' }).filter({ hasText: 'See every build' }))
      .first();
    await expect.poll(() => widget.textContent(), { timeout: 30_000 }).toMatch(/Live after [\d.]+ s/);
    expect(await widget.textContent()).toContain('0 errors, 1 warning');
    expect(await widget.textContent()).toMatch(new RegExp(`The site has not been updated since .+, when API token "editor-\\d+" published “${spa.title}”`));
  });

  it('the Publishing page, reached from the menu by keyboard, lists the build with its page and the warning, whose link opens the entry', async () => {
    const link = page.getByRole('link', { name: 'Publishing' }).first();
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/plugins\/marea/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 }).toBe('Publishing');
    // On Netlify, rolling back is publishing an earlier deploy there.
    expect(await page.getByRole('link', { name: /Roll back on Netlify/ }).getAttribute('href')).toBe('https://app.netlify.com/sites/marea-test/deploys');
    const build = page.getByRole('article').first();
    await expect.poll(() => build.textContent(), { timeout: 30_000 }).toContain('1 page changed');
    expect(await build.getByRole('link', { name: '/services/spa' }).getAttribute('href')).toBe('https://marea.example/services/spa');
    const text = (await build.textContent())!;
    expect(text).toContain('Warning');
    expect(text).toContain('Field: Block 1 (Hero) › Button › Page');
    expect(text).toContain('Link to "no-such-page" matches no page in this locale');
    const open = build.getByRole('link', { name: `Open “${spa.title}”` });
    expect(await open.getAttribute('href')).toBe(`/admin/content-manager/collection-types/api::page.page/${spa.documentId}?plugins[i18n][locale]=en`);
    await open.click();
    await page.waitForURL(new RegExp(`/content-manager/collection-types/api::page.page/${spa.documentId}`));
    // The entry's edit view: its own last outcome, the same warning.
    const panel = page.locator('aside, [role="complementary"], div').filter({ hasText: 'Its last build' }).last();
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain('Link to "no-such-page" matches no page in this locale');
    expect(await page.getByRole('link', { name: `Open “${spa.title}”` }).count()).toBe(0);
  });

  it('in Spanish, the interface language an editor chooses in their profile, the same page speaks Spanish, the build’s warning too', async () => {
    // The profile's "Interface language", through the admin API; the admin applies it when it loads the user.
    await editor.setLanguage('es');
    await page.goto(`${cms.url}/admin/plugins/marea`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 30_000 }).toBe('Publicación');
    const text = (await page.getByRole('article').first().textContent())!;
    expect(text).toContain('1 página cambiada');
    expect(text).toContain('Aviso');
    expect(text).toContain('Campo: Bloque 1 (Portada) › Botón › Página');
    expect(text).toContain(MISSING.es);
    expect(text).toContain(HINT.es);
    expect(text).not.toContain(MISSING.en);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'El sitio no se ha actualizado desde' }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
  });

  it('the edit view’s panel speaks Spanish, and shows the outcome of a publish made there once its build reports, without reopening the entry', async () => {
    // A saved change not yet published: the edit view offers Publish.
    await editor.rest('PUT', `/api/pages/${spa.documentId}?locale=en&status=draft`, { data: { summary: 'Spa, changed in the admin.' } });
    await page.goto(`${cms.url}/admin/content-manager/collection-types/api::page.page/${spa.documentId}?plugins[i18n][locale]=en`);
    const panel = page.locator('aside, [role="complementary"], div').filter({ hasText: 'Su última compilación' }).last();
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain(MISSING.es);
    await page
      .getByRole('button', { name: /^(Publicar|Publish)$/ })
      .first()
      .click();
    // Published (the change is live in the CMS): the panel says it waits for the build.
    const summary = async () => ((await editor.rest('GET', `/api/pages/${spa.documentId}?locale=en&fields[0]=summary`)).data as { summary: string }).summary;
    await expect.poll(summary, { timeout: 30_000 }).toBe('Spa, changed in the admin.');
    await expect.poll(() => page.getByText('Su última publicación espera su compilación…').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // The build (here, its report) comes after the publish, with a new warning about the page.
    await postReport(
      { cmsUrl: cms.url, token: cms.reportToken },
      {
        source: 'ci',
        result: 'published',
        startedAt: new Date().toISOString(),
        finishedAt: new Date().toISOString(),
        buildId: 'f6e5d4c3b2a1',
        issues: [
          {
            severity: 'warning',
            code: 'UnknownLinkTarget',
            message: 'Link to "gone" matches no page in this locale; it leads to the 404 page',
            entity: 'page',
            locale: 'en',
            cmsLocale: 'en',
            slug: 'services/spa',
            words: {
              en: { message: 'Link to "gone" matches no page in this locale; it leads to the 404 page' },
              es: { message: 'El enlace a "gone" no corresponde a ninguna página en este idioma; lleva a la página 404' },
            },
          },
        ],
      },
    );
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain('El enlace a "gone" no corresponde');
    expect(await page.getByText('Su última publicación espera su compilación…').count()).toBe(0);
  });
});
