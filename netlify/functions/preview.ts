/**
 * Netlify Function (Node): Strapi's "Open preview" on the deployed site
 * (docs/deploying.md, "Draft preview"). The same preview as `npm run
 * webhook`'s `/preview`: the link's token (signed by the CMS with
 * MAREA_PREVIEW_SECRET, an hour at most) is checked, the draft is read from
 * the CMS (CMS_URL, CMS_TOKEN: Strapi 5 gives `status=draft` to any token
 * that may `find`), placed into the CMS's published content, and rendered
 * by the shared renderer (src/node/webhook/preview.ts) with the SSR bundle
 * the production build wrote to `.marea/preview-bundle/` (shipped here by
 * netlify.toml's `[functions] included_files`). Never cached or indexed, no
 * analytics, a CSP with `script-src`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BuildMemo } from '../../src/node/build/build-memo.js';
import { createCmsClient, type CmsClient } from '../../src/node/cms/client.js';
import { crawl } from '../../src/node/cms/crawl.js';
import type { RawSite } from '../../src/node/cms/raw.js';
import { ConfigError, loadConfig, type Config } from '../../src/node/config/env.js';
import { answerPreview, type PreviewResponse } from '../../src/node/preview-render/answer.js';
import { PREVIEW_BUNDLE_DIR, readPreviewBundle } from '../../src/node/preview-render/bundle-files.js';
import { previewHeaders } from '../../src/node/preview-render/headers.js';
import { messagePage, renderPreview } from '../../src/node/webhook/preview.js';

/** Served at `/preview/<token>?uid=…`, the link cms/config/admin.js builds from SITE_URL. */
export const config = { path: ['/preview', '/preview/*'] };

/**
 * How long a warm instance reuses the published content it read (a crawl
 * of the CMS): an editor's previews in a row cost one crawl, and a publish
 * shows in the next preview within this time.
 */
const CONTENT_SECONDS = 30;

/** What a warm instance keeps between requests: the bundle (code), the normalise memo and the last crawl. */
const kept: { bundle?: ReturnType<typeof readPreviewBundle>; memo: BuildMemo; content?: { at: number; raw: Promise<RawSite> } } = { memo: new BuildMemo() };

const respond = (answer: PreviewResponse) => new Response(answer.html, { status: answer.status, headers: answer.headers });

/** A 503 naming the variables to set, never their values (CMS_URL is an address the visitor need not know). */
const unconfigured = (variables: readonly string[]) => {
  const page = messagePage(503, 'The preview is not set up / La vista previa no está configurada', [
    `Set ${variables.join(', ')} in the site's environment variables (docs/deploying.md, "Draft preview"). / Define ${variables.join(', ')} en las variables de entorno del sitio.`,
  ]);
  return respond({ status: page.status, html: page.html, headers: previewHeaders({ frameAncestors: [] }) });
};

export default async function handler(request: Request): Promise<Response> {
  let settings: Config;
  try {
    settings = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`✗ preview: ${error.message}`);
    return unconfigured(error.issues.map((issue) => issue.key));
  }
  if (!settings.previewSecret || !settings.cmsUrl) return unconfigured([...(settings.previewSecret ? [] : ['MAREA_PREVIEW_SECRET']), ...(settings.cmsUrl ? [] : ['CMS_URL'])]);
  const cmsUrl = settings.cmsUrl;
  const client = createCmsClient({ url: cmsUrl, token: settings.cmsToken, timeoutMs: 8_000, retries: 1, maxBytes: settings.cmsMaxBytes });
  const answer = await answerPreview(new URL(request.url), {
    secret: settings.previewSecret,
    frameAncestors: [new URL(cmsUrl).origin],
    log: (line) => console.error(line),
    render: async (query) => {
      const { renderer, site } = await bundle();
      // The settings the published pages were built with (the bundle's), the CMS of this environment.
      const previewConfig = { ...site, cmsUrl };
      return renderPreview(query, { config: previewConfig, renderer: async () => renderer, memo: kept.memo, client, raw: () => published(previewConfig, client) });
    },
  });
  return respond(answer);
}

/** The preview bundle, read once per instance (again after a failure). */
function bundle(): ReturnType<typeof readPreviewBundle> {
  kept.bundle ??= readPreviewBundle(bundleDir()).catch((error: unknown) => {
    delete kept.bundle;
    throw error;
  });
  return kept.bundle;
}

/**
 * The `.marea/preview-bundle/` nearest above this file, where the function's
 * package keeps its included files (on Netlify and under `netlify dev`),
 * else the working directory's.
 */
function bundleDir(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, PREVIEW_BUNDLE_DIR, 'setup.json'))) return path.join(dir, PREVIEW_BUNDLE_DIR);
  }
  return path.resolve(PREVIEW_BUNDLE_DIR);
}

/** The CMS's published content, the draft's context (layout, modals, the pages it links to), read at most every CONTENT_SECONDS. */
function published(config: Pick<Config, 'cmsLocales'>, client: CmsClient): Promise<RawSite> {
  const now = Date.now();
  if (!kept.content || now - kept.content.at > CONTENT_SECONDS * 1000) {
    const raw = crawl(config, client).then((result) => result.raw);
    // A failed read is not kept: the next preview reads again.
    raw.catch(() => {
      if (kept.content?.raw === raw) delete kept.content;
    });
    kept.content = { at: now, raw };
  }
  return kept.content.raw;
}
