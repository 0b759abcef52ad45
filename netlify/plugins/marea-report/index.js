/**
 * Netlify Build plugin (ESM): reports each Netlify build to the CMS's
 * Publishing page (docs/publishing.md), as the webhook service and the CI
 * workflow do. The report itself is scripts/report-build.ts, run with the
 * project's tsx: it reads `.marea/build-report.json`, which `npm run build`
 * writes, and posts it with MAREA_REPORT_TOKEN to CMS_URL (both in the
 * site's environment; without them nothing is sent).
 *
 * - onPreBuild notes when the build started: a report file older than that
 *   is a previous build's (the build stopped before writing its own).
 * - onSuccess: the build is deployed; its report says what is live.
 * - onError: the build or the deploy failed; reported as failed, with
 *   Netlify's error (the site stays as it was).
 * The link offered to roll back is the site's deploy list on Netlify, where
 * an earlier deploy is published again. Inputs `work` and `builds` (default
 * `.marea` and `builds`) say where the build wrote its report and builds.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// Netlify Build rejects any export that is not an event handler: keep these private.
const run = promisify(execFile);
/** @type {string | null} */
let startedAt = null;

/** @typedef {{ inputs?: { work?: string; builds?: string } }} Options What the handlers use of Netlify Build's arguments. */

/**
 * Runs scripts/report-build.ts; what it prints goes to the build log. It never fails the build.
 * @param {Options} options
 * @param {string[]} args
 */
async function report({ inputs = {} }, args) {
  const folders = [...(inputs.work ? ['--work', inputs.work] : []), ...(inputs.builds ? ['--builds', inputs.builds] : [])];
  const rollback = process.env.SITE_NAME ? ['--rollback-url', `https://app.netlify.com/sites/${process.env.SITE_NAME}/deploys`] : [];
  const since = startedAt ? ['--since', startedAt] : [];
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.resolve('scripts/report-build.ts'), '--source', 'netlify', ...since, ...rollback, ...folders, ...args],
      {
        env: process.env,
        timeout: 60_000,
      },
    );
    process.stdout.write(stdout + stderr);
  } catch (error) {
    console.warn(`marea-report: the report was not sent: ${/** @type {Error} */ (error).message}`);
  }
}

/** Before `npm run build`: when this build started. */
export async function onPreBuild() {
  startedAt = new Date().toISOString();
}

/**
 * The deploy succeeded: report what went live.
 * @param {Options} options
 */
export async function onSuccess(options) {
  await report(options, []);
}

/**
 * The build or a later step failed: report it, with Netlify's message.
 * @param {Options & { error?: { message?: string } }} options
 */
export async function onError(options) {
  const { error } = options;
  const first = (error?.message ?? 'the build failed').split('\n')[0] ?? '';
  await report(options, ['--error', `Netlify: ${first.slice(0, 500)}`]);
}
