/**
 * `npm run build [-- --strict] [-- --production]`: crawl (or read content-cache/), normalise,
 * render, write, manifests, publish. A page or modal with content errors is
 * held back (it stays as it is live, or out when never published) and the
 * rest publishes (rule 13). Exits non-zero, with every content error listed,
 * when what every page carries is wrong (or anything else fails); dist/ is
 * then left as it was. Either way `.marea/build-report.json` says what
 * happened, for the reporters (docs/publishing.md).
 * A production build (`--production`, or Netlify's CONTEXT=production) fails
 * before any work unless its public URL (SITE_URL, else Netlify's URL) is a
 * public https origin; Netlify's deploy previews are built noindex at their own
 * URL (src/node/config/env.ts, docs/deploying.md).
 */
import '../src/node/platform/require-project-node.js';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/node/config/env.js';
import { withIssueWords } from '../src/node/content/issue-words.js';
import { formatIssue } from '../src/node/content/report.js';
import { projectPaths } from '../src/node/build/paths.js';
import { ContentValidationError, runBuild } from '../src/node/build/pipeline.js';
import { contentSource } from '../src/node/build/source.js';
import { PREVIEW_BUNDLE_DIR } from '../src/node/preview-render/bundle-files.js';
import { formatMs } from '../src/node/build/task.js';
import { Failure } from '../src/node/platform/failures.js';

const started = performance.now();
const paths = projectPaths();
const report = async (outcome: object) => {
  await mkdir(paths.work, { recursive: true });
  const seconds = (performance.now() - started) / 1000;
  const measures = { wallMs: Math.round(seconds * 1000), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
  // Each issue with its message and hint in English and Spanish, for the admin (scripts/report-build.ts).
  await writeFile(path.join(paths.work, 'build-report.json'), `${JSON.stringify({ ...outcome, ...measures }, withIssueWords, 2)}\n`);
};
try {
  const config = loadConfig(process.env, { production: process.argv.includes('--production') });
  const strict = config.strict || process.argv.includes('--strict');
  const log = (line: string) => console.log(line);
  console.log(`Marea build${strict ? ' (strict)' : ''}: ${config.deploy}${config.deploy === 'preview' ? ' (noindex)' : ''} at ${config.siteUrl}`);
  // The draft preview's bundle beside the site, for the Netlify Function (netlify.toml `[functions]`).
  const previewBundle = path.join(paths.root, PREVIEW_BUNDLE_DIR);
  const result = await runBuild({ config, paths, log, previewBundle, ...contentSource({ config, paths, strict, log }) });
  const seconds = (performance.now() - started) / 1000;
  console.log(`✓ build ${result.buildId}: ${result.pages} pages in ${formatMs(seconds * 1000)} (${(result.pages / seconds).toFixed(0)} pages/s)`);
  if (result.heldBack.length > 0) console.log(`⚠ ${result.heldBack.length} held back by content errors (listed above): the rest is live.`);
  await report({ result: 'published', ...result });
} catch (error) {
  await report({
    result: 'failed',
    error: (error as Error).message,
    errors: error instanceof ContentValidationError ? error.issues.filter((i) => i.severity === 'error') : [],
  }).catch(() => {});
  if (error instanceof ContentValidationError) {
    console.error('');
    for (const issue of error.issues.filter((i) => i.severity === 'error')) console.error(formatIssue(issue));
    console.error(`\n✗ ${error.message}`);
  } else if (error instanceof ConfigError) {
    console.error(`✗ ${error.message}`);
  } else {
    // A failure of the catalogue is named by its permanent code (docs/content-errors.md, "Build failures").
    const code = error instanceof Failure ? ` (${error.code})` : '';
    console.error(`✗ Build failed${code}: ${(error as Error).stack ?? String(error)}`);
    console.error('  Nothing was published: dist/ is unchanged.');
  }
  process.exit(1);
}
