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
 * WebAssembly build, schema bundled), and ci.yml tests every change, then
 * builds it as a pull request would (a local build, the SHA256SUMS manifest
 * checked before the artifact is kept) and never deploys: Netlify is the one
 * writer of production (docs/deploying.md).
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
interface Service {
  image: string;
  env?: Record<string, string>;
  ports?: string[];
  options?: string;
}
interface Job {
  'runs-on': string;
  services?: Record<string, Service>;
  needs?: string | string[];
  if?: string;
  env?: Record<string, string>;
  permissions?: unknown;
  concurrency?: { group: string; 'cancel-in-progress'?: boolean };
  steps: Step[];
}
interface Workflow {
  env?: Record<string, string>;
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

  it('gives the CMS’s PostgreSQL test a PostgreSQL 15 service container, healthy before the steps, through MAREA_TEST_POSTGRES_URL', () => {
    const job = ci().jobs['test-and-build']!;
    const postgres = job.services?.postgres;
    expect(postgres?.image).toBe('postgres:15');
    expect(postgres?.ports).toEqual(['5432:5432']);
    // GitHub waits for a service's health check before the first step.
    expect(postgres?.options).toMatch(/--health-cmd "pg_isready -U postgres"/);
    expect(postgres?.options).toMatch(/--health-retries \d+/);
    // The URL the test reads (test/support/postgres.ts) is the container's: its user, password and port on the runner.
    const url = new URL(job.env?.MAREA_TEST_POSTGRES_URL ?? '');
    expect(url.protocol).toBe('postgres:');
    expect([url.hostname, url.port, url.username, url.password]).toEqual(['localhost', '5432', 'postgres', postgres?.env?.POSTGRES_PASSWORD]);
    // No step installs a server of its own any more: only psql, where the image lacks it.
    for (const step of job.steps) expect(step.run ?? '', step.name).not.toMatch(/install\b.*\bpostgresql(?!-client)\b/);
    const ensure = stepIndex(job, runs(/^node scripts\/ensure-postgres\.mjs /));
    expect(ensure).toBeGreaterThanOrEqual(0);
    expect(ensure).toBeLessThan(stepIndex(job, runs(/^npm test$/)));
  });

  it('never deploys: Netlify is the one writer of production (docs/deploying.md)', () => {
    const text = readFileSync(CI, 'utf8');
    for (const [name, job] of Object.entries(ci().jobs)) {
      for (const step of job.steps) expect(`${step.run ?? ''} ${step.uses ?? ''}`, `${name}: ${step.name ?? step.uses ?? step.run}`).not.toMatch(/netlify|deploy|report-build/i);
    }
    expect(text).not.toMatch(/NETLIFY_AUTH_TOKEN|NETLIFY_SITE_ID|MAREA_REPORT_TOKEN/);
  });

  it('builds as a pull request would, a local build: no --production, no CONTEXT, no SITE_URL', () => {
    const job = ci().jobs['test-and-build']!;
    const build = job.steps[stepIndex(job, runs(/npm run build/))]!;
    expect(build.run).toBe('npm run build');
    expect(Object.keys(build.env ?? {}).sort()).toEqual(['CMS_TOKEN', 'CMS_URL']);
    expect(job.env ?? {}).not.toHaveProperty('CONTEXT');
    expect(job.env ?? {}).not.toHaveProperty('SITE_URL');
  });
});

/** docs/security.md: the supply chain of the workflow itself. */
describe('ci.yml: pinned actions, no stray credentials', () => {
  const text = () => readFileSync(CI, 'utf8');
  const steps = () => Object.entries(ci().jobs).flatMap(([name, job]) => job.steps.map((step) => ({ name, step })));

  it('pins every action to a full commit SHA, its release tag in a comment', () => {
    const used = steps().filter(({ step }) => step.uses !== undefined);
    expect(used.length).toBeGreaterThanOrEqual(3);
    for (const { name, step } of used) expect(step.uses, name).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
    // The tag each SHA stands for, on the same line (`uses: owner/action@<sha> # v4.4.0`).
    const lines = text()
      .split('\n')
      .filter((line) => /^\s*-?\s*uses:/.test(line));
    expect(lines.length).toBe(used.length);
    for (const line of lines) expect(line).toMatch(/@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
  });

  it('checkout does not keep its credentials in .git/config', () => {
    const checkouts = steps().filter(({ step }) => uses('actions/checkout')(step));
    expect(checkouts.length).toBeGreaterThan(0);
    for (const { step } of checkouts) expect(step.with?.['persist-credentials']).toBe(false);
  });

  it('gives secrets to the one step that needs them, never to a job’s or the workflow’s env', () => {
    const workflow = ci();
    expect(JSON.stringify(workflow.env ?? {})).not.toMatch(/secrets\./);
    for (const [name, job] of Object.entries(workflow.jobs)) expect(JSON.stringify(job.env ?? {}), name).not.toMatch(/secrets\./);
    const withSecrets = steps().filter(({ step }) => /secrets\./.test(JSON.stringify(step)));
    expect(withSecrets.map(({ step }) => step.name)).toEqual(['Build']);
    // Nowhere else in the file either (a `with:` or an `if:` of another step, a comment aside).
    const mentions = text()
      .split('\n')
      .filter((line) => !/^\s*#/.test(line) && /secrets\./.test(line));
    expect(mentions).toEqual(['          CMS_URL: ${{ secrets.CMS_URL }}', '          CMS_TOKEN: ${{ secrets.CMS_TOKEN }}']);
  });
});
