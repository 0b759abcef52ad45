import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { adminLogin } from '../../src/node/cms-server/editor.js';
import { freePort } from '../../src/node/platform/free-port.js';
import { verifyPreviewToken } from '../../cms/src/plugins/marea/server/preview-token.js';

/**
 * `npm run cms` itself (scripts/cms.ts), as an editor runs it, with its state
 * (secrets, database, uploads, login) in a temp folder instead of cms/:
 * installs when needed, builds the admin panel once, starts, prints how to
 * log in and build, stops on Ctrl-C, and a second run seeds nothing.
 */
let state: string;
let token: string;
/** The admin password the first run showed. */
let password: string;
let port: number;

interface Run {
  output: string;
  stop(): Promise<number | string | null>;
}

/** Runs the command until it prints the build line (or fails). */
function runCms(): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/cms.ts')], {
    cwd: ROOT,
    env: { ...process.env, CMS_PORT: String(port), MAREA_CMS_STATE: state },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/CMS_TOKEN=\S+ npm run build/.test(output) && /Ctrl-C stops the CMS/.test(output)) {
        resolve({
          get output() {
            return output;
          },
          stop: () =>
            new Promise((done) => {
              child.once('exit', (code, signal) => done(code ?? signal));
              child.kill('SIGINT');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run cms exited with ${code}:\n${output.slice(-3000)}`)));
  });
}

beforeAll(async () => {
  state = await mkdtemp(path.join(tmpdir(), 'marea-npm-run-cms-'));
  port = await freePort();
});
afterAll(() => rm(state, { recursive: true, force: true }));

describe('npm run cms', () => {
  it('starts the CMS with its admin panel, seeded, and prints the admin URL, the login and the exact build line', async () => {
    const run = await runCms();
    try {
      const url = `http://127.0.0.1:${port}`;
      expect(run.output).toContain(`Admin panel   ${url}/admin`);
      expect(run.output).toMatch(/Login {9}admin@marea\.local \/ \S+/);
      expect(run.output).toMatch(new RegExp(`Build from it CMS_URL=${url} CMS_TOKEN=[0-9a-f]+ npm run build`));
      expect(run.output).toContain('[marea] seeded 35 documents and 19 media files');
      // The editors' loop: Strapi's webhook and "Open preview" point at npm run webhook, with the secrets kept in the state folder.
      const hook = JSON.parse(readFileSync(path.join(state, 'webhook-secrets.json'), 'utf8')) as { webhook: string; preview: string };
      expect(run.output).toMatch(
        /\[marea\] webhook created: entry\.create, entry\.update, entry\.delete, entry\.publish, entry\.unpublish, media\.create, media\.update, media\.delete → http:\/\/127\.0\.0\.1:4174\/hooks\/strapi/,
      );
      expect(run.output).toContain('Publishing    npm run webhook');
      password = /Login {9}admin@marea\.local \/ (\S+) \(shown once/.exec(run.output)![1]!;
      const jwt = await adminLogin(url, { email: 'admin@marea.local', password });
      const webhooks = (await (await fetch(`${url}/admin/webhooks`, { headers: { Authorization: `Bearer ${jwt}` } })).json()) as {
        data: Array<{ name: string; headers: Record<string, string>; isEnabled: boolean }>;
      };
      expect(webhooks.data).toEqual([expect.objectContaining({ name: 'Marea site (npm run webhook)', headers: { Authorization: `Bearer ${hook.webhook}` }, isEnabled: true })]);
      const preview = await fetch(`${url}/content-manager/preview/url/api::page.page?documentId=abc&locale=es-MX&status=draft`, { headers: { Authorization: `Bearer ${jwt}` } });
      // The link carries a token signed with the preview secret, valid for an hour; never the secret.
      const link = ((await preview.json()) as { data: { url: string } }).data.url;
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:4174\/preview\/\d+\.[A-Za-z0-9_-]{43}\?uid=api%3A%3Apage\.page&documentId=abc&locale=es-MX&status=draft$/);
      const signed = { uid: 'api::page.page', documentId: 'abc', locale: 'es-MX', status: 'draft' };
      expect(verifyPreviewToken(hook.preview, new URL(link).pathname.split('/')[2]!, signed)).toBe('valid');
      token = /CMS_TOKEN=([0-9a-f]+)/.exec(run.output)![1]!;
      const pages = await fetch(`${url}/api/pages?locale=es-MX`, { headers: { Authorization: `Bearer ${token}` } });
      expect(pages.status).toBe(200);
      const admin = await fetch(`${url}/admin`);
      expect(admin.status).toBe(200);
      expect(await admin.text()).toContain('<div id="strapi"');
    } finally {
      expect(await run.stop()).toBe(0);
    }
  });

  it('a second run seeds nothing, keeps the token and stops on Ctrl-C', async () => {
    const run = await runCms();
    try {
      expect(run.output).not.toContain('[marea] seeded');
      expect(run.output).not.toContain('made the CMS secrets');
      // The admin's password is shown once, when it was made.
      expect(run.output).toMatch(/Login {9}admin@marea\.local \(password shown when it was made; it is in \S+marea-local\.json\)/);
      expect(run.output).not.toContain(password);
      expect(/CMS_TOKEN=([0-9a-f]+)/.exec(run.output)![1]).toBe(token);
      // The webhook is updated, not added again.
      expect(run.output).toContain('[marea] webhook updated');
    } finally {
      expect(await run.stop()).toBe(0);
    }
  });
});
