/**
 * Netlify Function (Node): Strapi's "Open preview" on the deployed site
 * (docs/deploying.md, "Draft preview"). What it does is
 * src/node/preview-render/netlify-handler.ts, which `npm run build` bundles
 * with its npm packages into `.marea/preview-bundle/` (shipped here by
 * netlify.toml's `[functions] included_files`) beside the SSR bundle it
 * renders with; this file only finds that bundle and hands it the request.
 *
 * Why not import the handler here: Netlify packages a function's npm
 * packages as they are (zip-it-and-ship-it's nft bundler, the only one for
 * functions of this form: `node_bundler` does not apply), and runs it like
 * AWS Lambda with Node's `require()` of ES modules off, so sanitize-html
 * (CommonJS, requiring htmlparser2, ES modules only) would fail to load and
 * every preview would be a 500. The build's bundle converts it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// Imported by name by the bundled handler (bundle.ts WORKERS.preview): imported here so that the function ships it.
import 'recheck';
import { PREVIEW_BUNDLE_DIR, PREVIEW_HANDLER } from '../../src/node/preview-render/bundle-files.js';

type Handle = (request: Request, bundleDir: string) => Promise<Response>;

/** Served at `/preview/<token>?uid=…`, the link cms/config/admin.js builds from SITE_URL. */
export const config = { path: ['/preview', '/preview/*'] };

/** The bundled handler, imported once per instance (again after a failure). */
let handler: Promise<Handle> | undefined;

export default async function preview(request: Request): Promise<Response> {
  const dir = bundleDir();
  handler ??= import(pathToFileURL(path.join(dir, PREVIEW_HANDLER)).href).then(
    (module: { handlePreview: Handle }) => module.handlePreview,
    (error: unknown) => {
      handler = undefined;
      throw new Error(`no preview handler in ${dir} (npm run build writes it; netlify.toml's [functions] included_files ships it): ${(error as Error).message}`, {
        cause: error,
      });
    },
  );
  return (await handler)(request, dir);
}

/**
 * The `.marea/preview-bundle/` nearest above this file, where the function's
 * package keeps its included files (on Netlify and under `netlify dev`),
 * else the working directory's.
 */
function bundleDir(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, PREVIEW_BUNDLE_DIR, PREVIEW_HANDLER))) return path.join(dir, PREVIEW_BUNDLE_DIR);
  }
  return path.resolve(PREVIEW_BUNDLE_DIR);
}
