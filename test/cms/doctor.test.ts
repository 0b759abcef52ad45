import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { diagnose, type Finding } from '../../src/node/cms-doctor/doctor.js';
import { strapiEditor, type StrapiEditor } from '../../src/node/cms-server/editor.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { loadConfig } from '../../src/node/config/env.js';
import { freePort } from '../../src/node/platform/free-port.js';
import { startFromSnapshot } from '../support/strapi-snapshot.js';

/**
 * `npm run cms:doctor` against the real Strapi of cms/ (docs/own-strapi.md):
 * nothing to fix on the CMS `npm run cms` makes, then each part
 * taken away in turn — the token's reach, a locale, the webhook — and the
 * finding that names it, with its fix.
 */
let dir: string;
let cms: RunningCms;
let editor: StrapiEditor;
const cmsLocales = loadConfig({}).cmsLocales;

const check = (token: string) => diagnose({ cmsUrl: cms.url, token, cmsLocales });
const failed = (findings: Finding[]) => findings.filter((f) => f.verdict === 'fail').map((f) => f.what);

async function tokenWith(name: string, body: Record<string, unknown>): Promise<string> {
  const created = await editor.admin('POST', '/admin/api-tokens', { name, description: 'doctor test', lifespan: null, ...body });
  return (created.data as { accessKey: string }).accessKey;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-doctor-'));
  // The webhook `npm run cms` sets up for `npm run webhook` (cms/src/index.js); nothing listens there in this test.
  const env = { MAREA_WEBHOOK_URL: 'http://127.0.0.1:9/hooks/strapi', MAREA_WEBHOOK_SECRET: 'doctor-test-secret-0123456789' };
  cms = await startFromSnapshot(inject('cmsSnapshot'), dir, { port: await freePort(), env, log: (l) => process.env.DEBUG_CMS && console.log(l) });
  editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
});

afterAll(async () => {
  await cms?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm run cms:doctor names what a Strapi lacks for the site, with how to fix it', () => {
  it('finds nothing to fix on the CMS of cms/, the plugin’s checks included', async () => {
    const findings = await check(cms.token);
    expect(failed(findings)).toEqual([]);
    const said = findings.map((f) => f.what).join('\n');
    expect(said).toMatch(/pages \(es-MX\): readable/);
    expect(said).toMatch(/content model: the \d+ content types and \d+ components the site reads are there/);
    expect(said).toMatch(/locale es-MX exists/);
    expect(said).toMatch(/webhook "Marea site \(npm run webhook\)" sends entry\.publish/);
    expect(said).toMatch(/report token "marea-reports" exists/);
    expect(said).toMatch(/cannot read \/api\/users/);
  });

  it('says when the token is wrong, and stops there', async () => {
    const findings = await check('not-a-token');
    expect(failed(findings)).toEqual(['CMS_TOKEN is not a valid API token of this Strapi (401)']);
  });

  it('names each content type a token may not read, and a token that reaches too far', async () => {
    const pagesOnly = await tokenWith('pages only', { type: 'custom', permissions: ['api::page.page.find', 'api::page.page.findOne'] });
    const narrow = failed(await check(pagesOnly));
    expect(narrow).toContain('modals (es-MX): CMS_TOKEN may not read it (403)');
    expect(narrow).toContain('layout (en): CMS_TOKEN may not read it (403)');
    expect(narrow).toContain('promo-codes: CMS_TOKEN may not read it (403)');
    expect(narrow.some((what) => what.startsWith('pages'))).toBe(false);

    const full = failed(await check(await tokenWith('everything', { type: 'full-access' })));
    expect(full).toContain('CMS_TOKEN can read the accounts of /api/users, which the build never reads');
    expect(full.some((what) => /^CMS_TOKEN can write pages/.test(what))).toBe(true);
  });

  it('names a webhook that was removed, then a locale that was removed', async () => {
    // The admin API refuses to edit a webhook to a local address in production mode: it is deleted instead.
    const hooks = (await editor.admin('GET', '/admin/webhooks')).data as Array<{ id: string; name: string }>;
    await editor.admin('DELETE', `/admin/webhooks/${hooks.find((h) => h.name === 'Marea site (npm run webhook)')!.id}`);
    expect(failed(await check(cms.token))).toEqual(['no webhook: publishing does not rebuild the site']);

    const locales = (await editor.admin('GET', '/i18n/locales')) as unknown as Array<{ id: number; code: string }>;
    await editor.admin('DELETE', `/i18n/locales/${locales.find((l) => l.code === 'es-MX')!.id}`);
    const findings = await check(cms.token);
    expect(failed(findings)).toContain('locale es-MX does not exist');
    expect(findings.find((f) => f.what === 'locale es-MX does not exist')!.fix).toMatch(/Settings → Internationalization/);
  });
});
