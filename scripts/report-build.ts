/**
 * `tsx scripts/report-build.ts --source netlify|ci [--since <ISO time>]
 * [--error <message>] [--rollback-url <url>] [--work <dir>] [--builds <dir>]`: posts the last build's report
 * (`.marea/build-report.json`, written by `npm run build`) to the CMS's
 * Publishing page (docs/publishing.md), with MAREA_REPORT_TOKEN to CMS_URL.
 * The Netlify plugin (netlify/plugins/marea-report) and the CI workflow run
 * it after the build. A report older than `--since`, or none, means the build
 * stopped before its end: reported as failed. `--error` (the host's own
 * failure, e.g. a deploy step) makes a published build a failed one. Never
 * fails the build itself: a report that cannot be sent is a warning.
 * `--work` and `--builds` name other folders than `.marea/` and `builds/`.
 */
import '../src/node/platform/require-project-node.js';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pageChanges } from '../src/node/build/page-index.js';
import type { HeldBack } from '../src/node/build/held-back.js';
import { projectPaths } from '../src/node/build/paths.js';
import { readHistory } from '../src/node/build/publish.js';
import { ConfigError, loadConfig } from '../src/node/config/env.js';
import type { ContentIssue } from '../src/shared/model.js';
import { postReport, reportHeldBack, reportIssue, type BuildReport } from '../src/node/publishing/build-report.js';
import { heldBackStatus, statusIssue } from '../src/node/webhook/queue.js';

/** What `npm run build` writes (scripts/build.ts): a published build's result, or a failure. */
type WrittenReport =
  | { result: 'published'; buildId: string; warnings: ContentIssue[]; heldBack: HeldBack[]; wallMs: number }
  | { result: 'failed'; error: string; errors: ContentIssue[]; wallMs: number };

const { values } = parseArgs({
  options: {
    source: { type: 'string' },
    since: { type: 'string' },
    error: { type: 'string' },
    'rollback-url': { type: 'string' },
    work: { type: 'string' },
    builds: { type: 'string' },
  },
});
const source = values.source === 'netlify' || values.source === 'ci' ? (values.source as BuildReport['source']) : null;
if (!source) {
  console.error('report-build: --source netlify|ci is required');
  process.exit(1);
}

// The site's URL as the build resolved it (Netlify's CONTEXT and URL); a build that failed on it still reports.
const config = (() => {
  try {
    return loadConfig(process.env, { production: false });
  } catch (error) {
    if (error instanceof ConfigError) return loadConfig();
    throw error;
  }
})();
if (!config.cmsUrl || !config.reportToken) {
  console.log('report-build: no report sent (set CMS_URL and MAREA_REPORT_TOKEN, the CMS’s report token, to see builds in its Publishing page)');
  process.exit(0);
}

const paths = projectPaths({ ...(values.work ? { work: path.resolve(values.work) } : {}), ...(values.builds ? { builds: path.resolve(values.builds) } : {}) });
const file = path.join(paths.work, 'build-report.json');
const since = values.since ? Date.parse(values.since) : null;
// A second of slack: a file's time is the kernel's coarse clock, a few ms behind Date.now().
const written = await stat(file).then(
  async (info) => (since !== null && info.mtimeMs < since - 1000 ? null : { at: info.mtime, report: JSON.parse(await readFile(file, 'utf8')) as WrittenReport }),
  () => null,
);

const now = new Date();
const finishedAt = (written?.at ?? now).toISOString();
const startedAt = since !== null ? new Date(since).toISOString() : new Date((written?.at ?? now).getTime() - (written?.report.wallMs ?? 0)).toISOString();
const common = {
  source,
  startedAt,
  finishedAt,
  siteUrl: config.siteUrl,
  ...(values['rollback-url'] ? { rollback: { kind: 'netlify' as const, url: values['rollback-url'] } } : {}),
};
const toIssue = (issue: ContentIssue, severity: 'error' | 'warning') => reportIssue(statusIssue(issue), severity, config.cmsLocales);

let report: BuildReport;
if (!written) {
  report = { ...common, result: 'failed', error: values.error ?? 'the build stopped before it wrote its report: see the build log', issues: [] };
} else if (written.report.result === 'failed') {
  report = { ...common, result: 'failed', error: written.report.error, issues: written.report.errors.map((issue) => toIssue(issue, 'error')) };
} else {
  const built = written.report;
  const previous = (await readHistory(paths)).find((entry) => entry.id !== built.buildId)?.id ?? null;
  const held = built.heldBack.map(heldBackStatus);
  report = {
    ...common,
    // A build that wrote its site but was not deployed (the host failed after it) is not live.
    result: values.error ? 'failed' : held.length > 0 ? 'held-back' : 'published',
    buildId: built.buildId,
    ...(values.error ? { error: values.error } : {}),
    pages: await pageChanges(paths, previous, built.buildId).catch(() => ({ added: [], changed: [], removed: [] })),
    heldBack: held.map(reportHeldBack),
    issues: [...built.heldBack.flatMap((h) => h.issues.map((issue) => toIssue(issue, 'error'))), ...built.warnings.map((issue) => toIssue(issue, 'warning'))],
  };
}

try {
  await postReport({ cmsUrl: config.cmsUrl, token: config.reportToken }, report);
  console.log(`report-build: ${report.result} build reported to ${config.cmsUrl} (${report.issues.length} error(s) and warning(s))`);
} catch (error) {
  console.warn(`report-build: ⚠ ${(error as Error).message}`);
}
