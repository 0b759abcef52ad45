// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { parse, parseDocument } from 'yaml';

/**
 * The GitHub Actions workflows, checked offline: each validates against
 * SchemaStore's workflow schema (@action-validator/core, the validator's
 * WebAssembly build, schema bundled), and ci.yml keeps the order that makes
 * a deploy safe: tests before the build, the SHA256SUMS manifest checked
 * before the upload and again before the deploy, deploys only from main.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKFLOWS = path.join(ROOT, '.github/workflows');
const CI = path.join(WORKFLOWS, 'ci.yml');

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  needs?: string | string[];
  if?: string;
  env?: Record<string, string>;
  permissions?: unknown;
  concurrency?: { group: string; 'cancel-in-progress'?: boolean };
  steps: Step[];
}
interface Workflow {
  on: { push?: { branches?: string[] }; pull_request?: unknown };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

/** The validator's errors for a workflow's text (empty when it is valid). */
const errorsOf = (source: string) => validateWorkflow(source).errors;

const ci = () => parse(readFileSync(CI, 'utf8')) as Workflow;
/** The index of the first step matching, -1 when none does. */
const stepIndex = (job: Job, match: (step: Step) => boolean) => job.steps.findIndex(match);
const runs = (command: RegExp) => (step: Step) => typeof step.run === 'string' && command.test(step.run);
const uses = (action: string) => (step: Step) => step.uses?.split('@')[0] === action;
const VERIFY = /cd dist && sha256sum -c --quiet SHA256SUMS/;

describe('workflow files validate against the workflow schema', () => {
  const files = readdirSync(WORKFLOWS).filter((file) => /\.ya?ml$/.test(file));

  it('there is a CI workflow', () => {
    expect(files).toContain('ci.yml');
  });

  it.each(files)('%s has no errors', (file) => {
    const errors = errorsOf(readFileSync(path.join(WORKFLOWS, file), 'utf8'));
    expect(errors, JSON.stringify(errors, null, 2)).toEqual([]);
  });

  it('the validator rejects a job without runs-on, an unknown key and broken YAML', () => {
    const withoutRunsOn = parseDocument(readFileSync(CI, 'utf8'));
    withoutRunsOn.deleteIn(['jobs', 'test-and-build', 'runs-on']);
    expect(errorsOf(withoutRunsOn.toString())).not.toEqual([]);

    const unknownKey = parseDocument(readFileSync(CI, 'utf8'));
    unknownKey.set('deploy-on', 'main');
    expect(JSON.stringify(errorsOf(unknownKey.toString()))).toContain("Additional property 'deploy-on' is not allowed");

    // A plain scalar with ": " in it (easy to write in a `run:` line) is not YAML.
    expect(errorsOf('on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo skipped: no token\n')[0]?.code).toBe('parse_error');
  });
});

describe('ci.yml', () => {
  it('runs on pushes to main and on pull requests, reading the repository only', () => {
    const workflow = ci();
    expect(workflow.on.push?.branches).toEqual(['main']);
    expect(workflow.on).toHaveProperty('pull_request');
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const [name, job] of Object.entries(workflow.jobs)) expect(job.permissions, name).toBeUndefined();
  });

  it('tests before it builds, checks the manifest, then uploads the site', () => {
    const job = ci().jobs['test-and-build']!;
    expect(job['runs-on']).toBe('ubuntu-24.04');
    const setup = job.steps[stepIndex(job, uses('actions/setup-node'))]!;
    expect(setup.with).toMatchObject({ 'node-version': 24, cache: 'npm' });
    const order = [runs(/^npm ci$/), runs(/^npm test$/), runs(/^npm run build$/), runs(VERIFY), uses('actions/upload-artifact')].map((m) => stepIndex(job, m));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(job.steps[order[1]!]!.env?.CHROME_PATH).toBe('/usr/bin/google-chrome');
    expect(job.steps[order[2]!]!.env).toEqual({ CMS_URL: '${{ secrets.CMS_URL }}', CMS_TOKEN: '${{ secrets.CMS_TOKEN }}' });
    expect(job.steps[order[4]!]!.with).toMatchObject({ name: 'site-${{ github.sha }}', path: 'dist/', 'retention-days': 14 });
  });

  it('reports the build to the CMS right after it, whether it failed or not, with the report token only', () => {
    const job = ci().jobs['test-and-build']!;
    const build = stepIndex(job, runs(/^npm run build$/));
    const report = job.steps[build + 1]!;
    expect(job.steps[build]!.id).toBe('build');
    expect(report.run).toBe('npx tsx scripts/report-build.ts --source ci');
    expect(report.if).toBe("always() && steps.build.outcome != 'skipped'");
    expect(report.env).toEqual({ CMS_URL: '${{ secrets.CMS_URL }}', MAREA_REPORT_TOKEN: '${{ secrets.MAREA_REPORT_TOKEN }}' });
  });

  it('deploys only pushes to main, one at a time, the artifact it checked', () => {
    const workflow = ci();
    const job = workflow.jobs.deploy!;
    expect(job.needs).toBe('test-and-build');
    expect(job.if).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
    expect(job.concurrency).toEqual({ group: 'deploy-main', 'cancel-in-progress': false });
    expect(job.env).toEqual({ NETLIFY_AUTH_TOKEN: '${{ secrets.NETLIFY_AUTH_TOKEN }}', NETLIFY_SITE_ID: '${{ secrets.NETLIFY_SITE_ID }}' });

    const download = stepIndex(job, uses('actions/download-artifact'));
    const verify = stepIndex(job, runs(VERIFY));
    const deploy = stepIndex(job, runs(/^npx netlify deploy --prod --dir dist --no-build$/));
    expect(download).toBeGreaterThanOrEqual(0);
    expect(verify).toBeGreaterThan(download);
    expect(deploy).toBeGreaterThan(verify);
    expect(job.steps[download]!.with).toEqual({ name: 'site-${{ github.sha }}', path: 'dist' });
    // netlify.toml and the edge functions are deployed from the checkout.
    expect(stepIndex(job, uses('actions/checkout'))).toBeGreaterThanOrEqual(0);
    expect(stepIndex(job, uses('actions/checkout'))).toBeLessThan(deploy);
    // The functions import the project's dependencies: installed before Netlify bundles them.
    expect(stepIndex(job, runs(/^npm ci$/))).toBeGreaterThan(stepIndex(job, uses('actions/checkout')));
    expect(stepIndex(job, runs(/^npm ci$/))).toBeLessThan(deploy);

    // Without the token every step but the notice is skipped, and the notice runs only then.
    const skip = stepIndex(job, runs(/Netlify deploy skipped: set NETLIFY_AUTH_TOKEN and NETLIFY_SITE_ID/));
    expect(job.steps[skip]!.if).toBe("env.NETLIFY_AUTH_TOKEN == '' || env.NETLIFY_SITE_ID == ''");
    for (const [i, step] of job.steps.entries()) if (i !== skip) expect(step.if, step.name ?? step.uses).toBe("env.NETLIFY_AUTH_TOKEN != '' && env.NETLIFY_SITE_ID != ''");
  });
});
