// @vitest-environment node
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/node/config/env.js';
import { withIssueWords } from '../../src/node/content/issue-words.js';
import { formatIssue } from '../../src/node/content/report.js';
import { buildInputsKey, fileDigests } from '../../src/node/build/inputs.js';
import { projectPaths, type ProjectPaths } from '../../src/node/build/paths.js';
import { liveBuildId, publishBuild } from '../../src/node/build/publish.js';
import { differences } from '../support/compare-sites.js';
import { copyOfContent, editPages } from '../support/edited-site.js';
import { buildSite, type TestBuild } from '../support/build-site.js';

/**
 * A build's inputs as one key (src/node/build/inputs.ts; docs/architecture.md,
 * "Incremental builds"): a build of a content folder whose content, code,
 * configuration and day (rule 13) are the last published build's builds
 * nothing. It publishes that build again when `dist` is not it, and reports
 * its outcome again: the same warnings, in both languages, and the same pages
 * held back. Any input changed, a record that does not read back, or the
 * recorded build gone, and it builds.
 */
const NOW = new Date('2026-11-20T12:00:00Z');
const NEXT_DAY = new Date('2026-11-21T12:00:00Z');

const unchanged = (build: TestBuild) => build.log.some((line) => line.includes('unchanged: content, code, settings and day are those of build'));
const phasesRun = (build: TestBuild) => build.result.timings.map((t) => t.name);
/** What a build reports of its outcome, each issue with its words in both languages (as the admin's report reads it). */
const outcome = (build: TestBuild) => JSON.parse(JSON.stringify({ warnings: build.result.warnings, heldBack: build.result.heldBack }, withIssueWords)) as unknown;

describe('a build of the last build’s inputs builds nothing', () => {
  let dir: string;
  let paths: ProjectPaths;
  let first: TestBuild;
  let older: string;

  beforeAll(async () => {
    dir = await copyOfContent('marea-inputs-');
    // A page with an error (held back, rule 13) and the bundled site's warnings: an outcome to report again.
    await editPages(dir, 'pages.es-MX.json', (pages) => {
      pages.find((p) => p.slug.startsWith('habitaciones/'))!.blocks = 'not a list';
    });
    const before = await buildSite(dir, { now: NOW, inputs: true, env: { SITE_URL: 'https://before.marea.example' } });
    paths = before.paths;
    older = before.result.buildId;
    first = await buildSite(dir, { paths, now: NOW, inputs: true });
    expect(unchanged(first)).toBe(false);
    expect(first.result.heldBack.length).toBeGreaterThan(0);
    expect(first.result.warnings.length).toBeGreaterThan(0);
  });

  it('builds nothing, publishes the same site and reports the same outcome, in both languages', async () => {
    const again = await buildSite(dir, { paths, now: NOW, inputs: true });
    expect(unchanged(again)).toBe(true);
    expect(phasesRun(again)).toEqual(['inputs']);
    expect(again.result).toMatchObject({ buildId: first.result.buildId, rendered: 0, pages: first.result.pages, release: first.result.release });
    expect(again.result.buildDir).toBe(first.result.buildDir);
    expect(outcome(again)).toEqual(outcome(first));
    expect(JSON.stringify(outcome(again))).toContain('"es"');
    expect(await liveBuildId(paths)).toBe(first.result.buildId);
    // Its warnings and held-back pages are printed again, as the build printed them.
    const log = again.log.join('\n');
    for (const warning of first.result.warnings) expect(log).toContain(formatIssue(warning).replace(/\n/g, '\n    '));
    const heldBack = (build: TestBuild) => build.log.filter((line) => line.includes('⚠ held back'));
    expect(heldBack(again)).toEqual(heldBack(first));
    expect(heldBack(again).length).toBe(first.result.heldBack.length);
  });

  it('publishes the recorded build again when dist is another one (a rollback since)', async () => {
    await publishBuild(paths, older, () => {});
    expect(await liveBuildId(paths)).toBe(older);
    const again = await buildSite(dir, { paths, now: NOW, inputs: true });
    expect(unchanged(again)).toBe(true);
    expect(phasesRun(again)).toEqual(['inputs', 'publish']);
    expect(await liveBuildId(paths)).toBe(first.result.buildId);
    const cold = await buildSite(dir, { now: NOW });
    expect(await differences(again.paths, cold.paths)).toEqual([]);
  });

  it('builds when the day, the settings or the content changed, and records the new build', async () => {
    const nextDay = await buildSite(dir, { paths, now: NEXT_DAY, inputs: true });
    expect(unchanged(nextDay)).toBe(false);
    expect(nextDay.result.buildId).not.toBe(first.result.buildId);
    expect(unchanged(await buildSite(dir, { paths, now: NEXT_DAY, inputs: true }))).toBe(true);

    const settings = await buildSite(dir, { paths, now: NEXT_DAY, inputs: true, env: { SITE_URL: 'https://other.marea.example' } });
    expect(unchanged(settings)).toBe(false);

    await editPages(dir, 'pages.en.json', (pages) => {
      pages.find((p) => p.slug === 'rooms/garden-villa')!.title = 'Garden Villa by the sea';
    });
    const content = await buildSite(dir, { paths, now: NEXT_DAY, inputs: true, env: { SITE_URL: 'https://other.marea.example' } });
    expect(unchanged(content)).toBe(false);
    expect(content.result.rendered).toBeGreaterThan(0);
    expect(await readFile(path.join(paths.dist, 'rooms/garden-villa.html'), 'utf8')).toContain('Garden Villa by the sea');
  });

  it('builds when the record does not read back or its build is no longer kept', async () => {
    const last = await buildSite(dir, { paths, now: NOW, inputs: true });
    expect(unchanged(await buildSite(dir, { paths, now: NOW, inputs: true }))).toBe(true);
    const record = path.join(paths.builds, '.inputs.json');
    await writeFile(record, (await readFile(record, 'utf8')).slice(0, 40));
    expect(unchanged(await buildSite(dir, { paths, now: NOW, inputs: true }))).toBe(false);
    expect(unchanged(await buildSite(dir, { paths, now: NOW, inputs: true }))).toBe(true);
    await rm(path.join(paths.builds, last.result.buildId), { recursive: true });
    const rebuilt = await buildSite(dir, { paths, now: NOW, inputs: true });
    expect(unchanged(rebuilt)).toBe(false);
    expect(rebuilt.result.buildId).toBe(last.result.buildId);
  });

  it('builds when the draft preview’s bundle asked for is missing or of another release', async () => {
    const bundle = path.join(await mkdtemp(path.join(tmpdir(), 'marea-inputs-preview-')), 'preview-bundle');
    expect(unchanged(await buildSite(dir, { paths, now: NOW, inputs: true, previewBundle: bundle }))).toBe(false);
    expect(unchanged(await buildSite(dir, { paths, now: NOW, inputs: true, previewBundle: bundle }))).toBe(true);
    const setup = path.join(bundle, 'setup.json');
    await writeFile(setup, JSON.stringify({ ...(JSON.parse(await readFile(setup, 'utf8')) as object), release: 'another' }));
    expect(unchanged(await buildSite(dir, { paths, now: NOW, inputs: true, previewBundle: bundle }))).toBe(false);
  });
});

describe('the inputs’ key', () => {
  it('changes with every input: a content byte, the code, the settings, strict, the day', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'marea-inputs-key-'));
    const folder = path.join(root, 'content');
    await mkdir(path.join(folder, 'api'), { recursive: true });
    await mkdir(path.join(root, 'scripts'), { recursive: true });
    await writeFile(path.join(folder, 'api', 'pages.en.json'), '{"data":[]}');
    await writeFile(path.join(root, 'scripts', 'build.ts'), 'one');
    const paths = projectPaths({ root });
    const config = loadConfig({ SITE_URL: 'https://marea.example' });
    const input = { folder, config, strict: false, day: '2026-11-20', digests: fileDigests(paths) };
    const base = await buildInputsKey(paths, input);
    expect(await buildInputsKey(paths, input)).toBe(base);

    const keys = new Set([base]);
    keys.add(await buildInputsKey(paths, { ...input, day: '2026-11-21' }));
    keys.add(await buildInputsKey(paths, { ...input, strict: true }));
    keys.add(await buildInputsKey(paths, { ...input, config: loadConfig({ SITE_URL: 'https://other.marea.example' }) }));
    await writeFile(path.join(folder, 'api', 'pages.en.json'), '{"data":[] }');
    keys.add(await buildInputsKey(paths, input));
    await writeFile(path.join(folder, 'api', 'media.bin'), '');
    keys.add(await buildInputsKey(paths, input));
    await writeFile(path.join(root, 'scripts', 'build.ts'), 'two');
    keys.add(await buildInputsKey(paths, input));
    expect(keys.size).toBe(7);
  });
});
