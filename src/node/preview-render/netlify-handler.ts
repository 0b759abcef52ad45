/**
 * The draft preview's Netlify Function (netlify/functions/preview.ts):
 * Strapi's "Open preview" on the deployed site (docs/deploying.md, "Draft
 * preview"). The same preview as `npm run webhook`'s `/preview`: the link's
 * token (signed by the CMS with MAREA_PREVIEW_SECRET, an hour at most) is
 * checked, the draft is read from the CMS (CMS_URL, CMS_TOKEN: Strapi 5
 * gives `status=draft` to any token that may `find`), placed into the CMS's
 * published content, and rendered by the shared renderer
 * (src/node/webhook/preview.ts) with the SSR bundle the production build
 * wrote beside this module. Never cached or indexed, no analytics, a CSP
 * with `script-src`.
 *
 * `npm run build` bundles this module with its npm packages (bundle.ts
 * WORKERS.preview) into the preview bundle: Lambda's Node runs functions
 * without `require()` of ES modules, and sanitize-html (CommonJS) requires
 * htmlparser2 (ES modules only), so unbundled it fails to load.
 */
import { BuildMemo } from '../build/build-memo.js';
import { createCmsClient, type CmsClient } from '../cms/client.js';
import { crawl } from '../cms/crawl.js';
import type { RawSite } from '../cms/raw.js';
import { ConfigError, loadConfig, type Config } from '../config/env.js';
import { answerPreview, type PreviewResponse } from './answer.js';
import { readPreviewBundle } from './bundle-files.js';
import { previewHeaders } from './headers.js';
import { messagePage, renderPreview } from '../webhook/preview.js';

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

/** Answers one request to the function, with the preview bundle in `bundleDir` (the one this module was copied into). */
export async function handlePreview(request: Request, bundleDir: string): Promise<Response> {
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
      const { renderer, site } = await bundle(bundleDir);
      // The settings the published pages were built with (the bundle's), the CMS of this environment.
      const previewConfig = { ...site, cmsUrl };
      return renderPreview(query, { config: previewConfig, renderer: async () => renderer, memo: kept.memo, client, raw: () => published(previewConfig, client) });
    },
  });
  return respond(answer);
}

/** The preview bundle, read once per instance (again after a failure). */
function bundle(dir: string): ReturnType<typeof readPreviewBundle> {
  kept.bundle ??= readPreviewBundle(dir).catch((error: unknown) => {
    delete kept.bundle;
    throw error;
  });
  return kept.bundle;
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
