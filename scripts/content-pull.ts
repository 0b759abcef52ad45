/**
 * `npm run content:pull`: crawls the CMS at CMS_URL and, only when the
 * crawled content validates, replaces content-cache/ (responses + media).
 * Nothing is built or published.
 */
import '../src/node/platform/require-project-node.js';
import { ConfigError, loadConfig } from '../src/node/config/env.js';
import { projectPaths } from '../src/node/build/paths.js';
import { pullContent } from '../src/node/build/pull.js';
import { formatIssue } from '../src/node/content/report.js';

try {
  const config = loadConfig();
  if (!config.cmsUrl) {
    console.error('✗ CMS_URL is not set: nothing to pull. Example: CMS_URL=http://127.0.0.1:1337 npm run content:pull');
    process.exit(1);
  }
  console.log(`Pulling content from ${config.cmsUrl}`);
  const pulled = await pullContent(config, projectPaths(), (line) => console.log(line));
  if (!pulled.ok) {
    for (const issue of pulled.errors) console.error(formatIssue(issue));
    console.error(`✗ ${pulled.errors.length} content errors: content-cache/ was left as it was.`);
    process.exit(1);
  }
  console.log(`✓ ${pulled.pages} pages pulled into content-cache/`);
} catch (error) {
  console.error(`✗ ${error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error))}`);
  process.exit(1);
}
