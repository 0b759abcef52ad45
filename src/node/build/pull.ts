import type { Config } from '../config/env.js';
import type { ContentIssue } from '../../shared/model.js';
import type { ProjectPaths } from './paths.js';
import { loadContent } from './source.js';
import { PhaseRecorder, type Logger } from './task.js';

export type PullResult = { ok: true; pages: number } | { ok: false; errors: ContentIssue[] };

/**
 * `npm run content:pull`: crawls the CMS and, only when the crawled content
 * validates, replaces `paths.contentCache` (responses + media). A CMS that is
 * down fails the pull instead of falling back to the cache.
 */
export async function pullContent(config: Config, paths: ProjectPaths, log: Logger): Promise<PullResult> {
  // The crawl is kept where a pull writes: content-cache/ (a build keeps its own in .marea/last-crawl/).
  const loaded = await loadContent({ config, paths: { ...paths, lastCrawl: paths.contentCache }, strict: config.strict, requireCms: true, log }, new PhaseRecorder(log));
  const errors = loaded.issues.filter((i) => i.severity === 'error');
  if (errors.length > 0) return { ok: false, errors };
  await loaded.commit?.();
  return { ok: true, pages: loaded.content.pages.length };
}
