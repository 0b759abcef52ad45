import type { Locale } from '../../shared/model.js';
import type { ServerRender } from '../../shared/render-contract.js';
import type { BuildMemo } from '../build/build-memo.js';
import { buildBundles, readTemplate } from '../build/bundle.js';
import type { ProjectPaths } from '../build/paths.js';
import { releaseId } from '../build/pipeline.js';
import { localeMessages } from '../build/render.js';
import { compileTemplate, type PageTemplate } from '../build/template.js';
import type { Config } from '../config/env.js';

/**
 * What the draft preview renders a page with (src/node/webhook/preview.ts):
 * the site's SSR render function and the page template, block chunks and
 * locale messages of the same client build, and its release id. One
 * renderer, two sources: the webhook service builds it in process
 * (`inProcessRenderer`), the Netlify Function reads the one the production
 * build wrote beside the site (bundle-files.ts).
 */
export interface PreviewRenderer {
  readonly render: ServerRender;
  readonly template: PageTemplate;
  /** Block component → the client chunks its pages hint (bundle.ts `readTemplate`). */
  readonly chunks: Map<string, string[]>;
  /** Each locale's message file URL, which its pages preload (render.ts `localeMessages`, rule 11). */
  readonly messages: Readonly<Record<Locale, string>>;
  /** The release the published pages carry (pipeline.ts `releaseId`). */
  readonly release: string;
}

/** `npm run webhook`'s renderer: Vite's bundles built (or reused) in this process, once per builder. */
export function inProcessRenderer(config: Config, paths: ProjectPaths, memo: BuildMemo): Promise<PreviewRenderer> {
  return memo.once('preview-renderer', async () => {
    const bundle = await memo.once('bundle', () => buildBundles(paths, config.public));
    const { html, chunks } = await readTemplate(bundle);
    return {
      render: bundle.server.render,
      template: compileTemplate(html),
      chunks,
      messages: { en: await localeMessages(paths.root, 'en'), es: await localeMessages(paths.root, 'es') },
      release: await memo.once('release', () => releaseId(config, paths)),
    };
  });
}
