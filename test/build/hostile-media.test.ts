import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { ContentValidationError } from '../../src/node/build/pipeline.js';
import { buildSite, tempPaths } from '../support/build-site.js';
import { startFakeStrapi, type FakeStrapi } from '../support/fake-strapi.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Hostile media uploaded to the CMS, built through the real crawl and pipeline against a local Strapi. */
const FIXTURE = path.join(ROOT, 'test/fixtures/site');
const HTML = '<!doctype html><html><body><script>fetch("/.netlify/functions/webhook",{method:"POST"})</script></body></html>';

const servers: Array<FakeStrapi | TestServer> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The fixture site in a temporary folder, served by a fake Strapi, after `change` edits it. */
async function cms(change: (dir: string) => Promise<void>): Promise<FakeStrapi> {
  const dir = await mkdtemp(path.join(tmpdir(), 'marea-hostile-'));
  await cp(FIXTURE, dir, { recursive: true });
  await change(dir);
  const strapi = await startFakeStrapi(dir);
  servers.push(strapi);
  return strapi;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(error, 'the build should fail').toBeInstanceOf(Error);
  return error!;
}

describe('hostile media through the whole build', () => {
  it('an HTML file uploaded as a photo fails the crawl naming its url; nothing published or cached', async () => {
    const strapi = await cms((dir) => writeFile(path.join(dir, 'uploads/sea.jpg'), HTML));
    const paths = await tempPaths();
    const error = await failure(buildSite(null, { paths, env: { CMS_URL: strapi.url, CMS_LOCALES: 'en:en,es:es-MX' } }));
    expect(error.message).toContain('Refusing media url "/uploads/sea.jpg": its bytes are text starting "<!doctype html>');
    expect(existsSync(paths.dist)).toBe(false);
    expect(existsSync(path.join(paths.contentCache, 'uploads/sea.jpg'))).toBe(false);
  });

  it('an HTML file in the content cache under a photo name fails the build with MediaRefused naming the url and the pages', async () => {
    const content = await mkdtemp(path.join(tmpdir(), 'marea-hostile-cache-'));
    await cp(FIXTURE, content, { recursive: true });
    await writeFile(path.join(content, 'uploads/sea.jpg'), HTML);
    const paths = await tempPaths();
    const error = await failure(buildSite(content, { paths }));
    expect(error).toBeInstanceOf(ContentValidationError);
    const issue = (error as ContentValidationError).issues.find((i) => i.code === 'MediaRefused');
    expect(issue?.message).toMatch(/^Media file \/uploads\/sea\.jpg \(used by en \/[^)]*es \/es[^)]*\) is refused: its bytes are text starting "<!doctype html>/);
    expect(existsSync(paths.dist)).toBe(false);
  });

  it('an SVG with script uploaded under a photo name is published sanitised, as .svg', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3" onload="alert(1)"><script>alert(document.domain)</script><rect width="4" height="3" fill="#0e6f80"/></svg>';
    const strapi = await cms((dir) => writeFile(path.join(dir, 'uploads/small_sea.jpg'), svg));
    const paths = await tempPaths();
    await buildSite(null, { paths, env: { CMS_URL: strapi.url, CMS_LOCALES: 'en:en,es:es-MX' } });
    const media = await readdir(path.join(paths.dist, 'assets/media'));
    const published = media.filter((name) => name.startsWith('small_sea.'));
    expect(published).toEqual([expect.stringMatching(/^small_sea\.[0-9a-f]{10}\.svg$/)]);
    expect(await readFile(path.join(paths.dist, 'assets/media', published[0]!), 'utf8')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#0e6f80"/></svg>',
    );
    expect(media.filter((name) => /\.(html|jpg)$/.test(name) && name.startsWith('small_sea'))).toEqual([]);
  });

  it('a media url on another local server fails the build naming it, and that server is never asked', async () => {
    const internal = await startTestServer();
    servers.push(internal);
    internal.reset((_req, res) => void res.end('internal secret'));
    const strapi = await cms(async (dir) => {
      const file = path.join(dir, 'api/pages.en.json');
      await writeFile(file, (await readFile(file, 'utf8')).replace('"/uploads/small_sea.jpg"', JSON.stringify(`${internal.url}/admin/secret.jpg`)));
    });
    const paths = await tempPaths();
    const error = await failure(buildSite(null, { paths, env: { CMS_URL: strapi.url, CMS_LOCALES: 'en:en,es:es-MX' } }));
    expect(error.message).toContain(`Refusing media url "${internal.url}/admin/secret.jpg"`);
    expect(error.message).toContain('MEDIA_HOSTS');
    expect(internal.requests).toHaveLength(0);
    expect(existsSync(path.join(paths.contentCache, 'uploads/_remote'))).toBe(false);
    expect(existsSync(paths.dist)).toBe(false);
  });
});
