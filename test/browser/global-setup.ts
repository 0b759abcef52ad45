import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT } from '../../src/node/build/paths.js';
import { createPreviewServer, listen } from '../../src/node/preview/server.js';
import { buildSite } from '../support/build-site.js';
import { startNetlifyCli } from '../../src/node/preview/netlify-cli.js';
import { startNetlifyRuntime } from '../support/netlify-runtime.js';

declare module 'vitest' {
  export interface ProvidedContext {
    siteOrigin: string;
    siteDist: string;
    /** The same dist/ served by Netlify's local runtime, edge function included (test/support/netlify-runtime.ts). */
    netlifyOrigin: string;
    /** The same dist/ served by the `netlify dev` command, edge function included (test/support/netlify-cli.ts). */
    netlifyCliOrigin: string;
    /** A multi-segment page of each locale, from the build's prerendered list. */
    deepPages: { en: string; es: string };
  }
}

/** Builds the bundled site (content-cache/) once and serves it as the CDN would, for every browser test. */
export default async function setup(project: TestProject) {
  // The bundled forms post to their own CRM, which a site lists in FORM_HOSTS (docs/security.md) for the CSP to allow it.
  const { paths, result } = await buildSite(path.join(ROOT, process.env.MAREA_BROWSER_CONTENT ?? 'content-cache'), { env: { FORM_HOSTS: 'forms.marea-resorts.example' } });
  const meta = JSON.parse(await readFile(path.join(paths.dist, 'builds/meta', `${result.buildId}.json`), 'utf8')) as { prerendered: string[] };
  const segments = (p: string) => p.split('/').filter(Boolean);
  // A content page two segments deep (not a list page: those repeat their first page's blocks).
  const content = meta.prerendered.filter((p) => !/\/page\/\d+$/.test(p));
  const en = content.find((p) => segments(p)[0] !== 'es' && segments(p).length >= 2);
  const es = content.find((p) => segments(p)[0] === 'es' && segments(p).length >= 3);
  if (!en || !es) throw new Error('The browser tests need a multi-segment page in each locale');
  const server = createPreviewServer(paths.dist);
  const origin = await listen(server, 0);
  const [netlify, cli] = await Promise.all([startNetlifyRuntime(paths.dist), startNetlifyCli(paths.dist, { country: 'MX' })]);
  project.provide('siteOrigin', origin);
  project.provide('netlifyOrigin', netlify.origin);
  project.provide('netlifyCliOrigin', cli.origin);
  project.provide('siteDist', paths.dist);
  project.provide('deepPages', { en, es });
  return async () => {
    await netlify.close();
    await cli.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
