/**
 * `npm run content:pull`: crawls the CMS at CMS_URL and, only when the
 * crawled content validates, replaces content-cache/ (responses + media).
 * Nothing is built or published.
 */
import '../src/node/platform/require-project-node.js';
import { ConfigError, loadConfig } from '../src/node/config/env.js';
import { projectPaths } from '../src/node/build/paths.js';
import { loadContent } from '../src/node/build/source.js';
import { PhaseRecorder } from '../src/node/build/task.js';
import { formatIssue } from '../src/node/content/report.js';

try {
  const config = loadConfig();
  if (!config.cmsUrl) {
    console.error('✗ CMS_URL is not set: nothing to pull. Example: CMS_URL=http://127.0.0.1:1337 npm run content:pull');
    process.exit(1);
  }
  const paths = projectPaths();
  const log = (line: string) => console.log(line);
  console.log(`Pulling content from ${config.cmsUrl}`);
  // Pulling from a CMS that is down must fail, not fall back to the cache.
  const loaded = await loadContent({ config, paths, strict: config.strict, requireCms: true, log }, new PhaseRecorder(log));
  const errors = loaded.issues.filter((i) => i.severity === 'error');
  if (errors.length > 0) {
    for (const issue of errors) console.error(formatIssue(issue));
    console.error(`✗ ${errors.length} content errors: content-cache/ was left as it was.`);
    process.exit(1);
  }
  await loaded.commit?.();
  console.log(`✓ ${loaded.content.pages.length} pages pulled into content-cache/`);
} catch (error) {
  console.error(`✗ ${error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error))}`);
  process.exit(1);
}
