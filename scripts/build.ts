/**
 * `npm run build [-- --strict]`: crawl (or read content-cache/), normalise,
 * render, write, manifests, publish. Exits non-zero, with every content
 * error listed, when anything is wrong; dist/ is then left as it was.
 */
import '../src/node/platform/require-project-node.js';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/node/config/env.js';
import { formatIssue } from '../src/node/content/report.js';
import { projectPaths } from '../src/node/build/paths.js';
import { ContentValidationError, runBuild } from '../src/node/build/pipeline.js';
import { loadContent } from '../src/node/build/source.js';
import { formatMs } from '../src/node/build/task.js';

const started = performance.now();
try {
  const config = loadConfig();
  const strict = config.strict || process.argv.includes('--strict');
  const paths = projectPaths();
  const log = (line: string) => console.log(line);
  console.log(`Marea build${strict ? ' (strict)' : ''}`);
  const result = await runBuild({ config, paths, log, load: (phases) => loadContent({ config, paths, strict, log }, phases) });
  const seconds = (performance.now() - started) / 1000;
  console.log(`✓ build ${result.buildId}: ${result.pages} pages in ${formatMs(seconds * 1000)} (${(result.pages / seconds).toFixed(0)} pages/s)`);
  await mkdir(path.join(paths.work), { recursive: true });
  await writeFile(
    path.join(paths.work, 'build-report.json'),
    `${JSON.stringify({ ...result, wallMs: Math.round(seconds * 1000), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }, null, 2)}\n`,
  );
} catch (error) {
  if (error instanceof ContentValidationError) {
    console.error('');
    for (const issue of error.issues.filter((i) => i.severity === 'error')) console.error(formatIssue(issue));
    console.error(`\n✗ ${error.message}`);
  } else if (error instanceof ConfigError) {
    console.error(`✗ ${error.message}`);
  } else {
    console.error(`✗ Build failed: ${(error as Error).stack ?? String(error)}`);
    console.error('  Nothing was published: dist/ is unchanged.');
  }
  process.exit(1);
}
