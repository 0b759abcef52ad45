import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { adminLogin } from '../../src/node/cms-server/editor.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { startFromSnapshot } from '../support/strapi-snapshot.js';
import { freePort } from '../../src/node/platform/free-port.js';

/**
 * A real Netlify build, offline (`netlify build --offline`, netlify-cli), of
 * a copy of the repository: Netlify Build loads the local plugins of
 * netlify.toml and runs `npm run build` against the CMS; offline it then
 * fails bundling the edge functions (it downloads a bundler), so the
 * marea-report plugin's onError reports a built but undeployed site. With a
 * network the bundling may succeed, and onSuccess reports it live. Either
 * way the build is in the CMS's Publishing page.
 */
let dir: string;
let cms: RunningCms;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'marea-netlify-report-'));
  cms = await startFromSnapshot(inject('cmsSnapshot'), path.join(dir, 'cms'), { port: await freePort() });
  // The repository's tracked files as they are (the CMS and the tests left out, but for the preview-token
  // code the site shares with the CMS's plugin, which src/node/config/env.ts imports, with the package.json
  // files that make it CommonJS), and its installed packages.
  const site = path.join(dir, 'site');
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  const shared = (f: string) => f.startsWith('cms/src/plugins/marea/server/preview-token') || f === 'cms/package.json' || f === 'cms/src/plugins/marea/package.json';
  for (const file of files.filter((f) => shared(f) || (!f.startsWith('cms/') && !f.startsWith('test/')))) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    // A tracked file deleted in the working tree (an edit not yet committed) is left out, as the commit would.
    await cp(path.join(ROOT, file), path.join(site, file)).catch(() => {});
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'));
});

afterAll(async () => {
  await cms?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a Netlify build reports to the CMS through its build plugin', () => {
  it('netlify build --offline: the build from the CMS appears in the Publishing page, with its pages and the deploys link', async () => {
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/netlify-cli/bin/run.js'), 'build', '--offline'], {
        cwd: path.join(dir, 'site'),
        env: {
          ...process.env,
          PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
          CMS_URL: cms.url,
          CMS_TOKEN: cms.token,
          MAREA_REPORT_TOKEN: cms.reportToken,
          SITE_NAME: 'marea-offline',
          // `netlify build` says CONTEXT=production, and offline there is no site to give Netlify's URL:
          // a production build needs its public origin (docs/deploying.md).
          SITE_URL: 'https://marea-offline.example',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.on('exit', resolve);
    });
    const log = output.join('');
    expect(log).toContain('./netlify/plugins/marea-report');
    // Netlify's CONTEXT=production made it a production build, at SITE_URL; keep-builds ran before it
    // (its onPostBuild comes after the edge functions' bundling, which fails offline).
    expect(log).toContain('keep-builds: no cached ./builds yet');
    expect(log).toContain('Marea build: production at https://marea-offline.example');
    expect(log).toMatch(/report-build: (failed|published) build reported to /);
    const jwt = await adminLogin(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
    const { data } = (await (await fetch(`${cms.url}/marea/reports`, { headers: { Authorization: `Bearer ${jwt}` } })).json()) as { data: Array<Record<string, unknown>> };
    expect(data).toHaveLength(1);
    const [report] = data;
    expect(report).toMatchObject({
      source: 'netlify',
      buildId: expect.stringMatching(/^[0-9a-f]{12}$/),
      rollback: { kind: 'netlify', url: 'https://app.netlify.com/sites/marea-offline/deploys' },
    });
    expect((report!.pages as { added: string[] }).added.length).toBeGreaterThan(40);
    if (code === 0) expect(report!.result).toBe('published');
    else expect(report).toMatchObject({ result: 'failed', error: expect.stringMatching(/^Netlify: /) });
  });
});
