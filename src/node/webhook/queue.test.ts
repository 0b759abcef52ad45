// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ChangeSet, Effect } from './events.js';
import { BuildFailure, BuildQueue, formatRecord, statusIssue, type BuildOutcome } from './queue.js';

const pageEvent = (documentId: string, locale = 'en'): Exclude<Effect, { kind: 'ignore' }> => ({
  kind: 'change',
  change: { endpoint: 'pages', cmsLocale: locale, documentId, action: 'fetch' },
  summary: `entry.publish page ${documentId} (${locale})`,
});

const outcome = (n: number): BuildOutcome => ({ buildId: `build${n}`, mode: 'incremental', pages: { added: [], changed: [`/p${n}`], removed: [] }, warnings: [] });

/** A builder that takes `ms` per build and records what each build was given. */
function slowBuilder(ms: number, fail: (n: number) => Error | null = () => null) {
  const builds: ChangeSet[] = [];
  let running = 0;
  let overlap = false;
  return {
    builds,
    overlapped: () => overlap,
    build: async (changes: ChangeSet) => {
      overlap ||= running > 0;
      running += 1;
      builds.push(changes);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      const error = fail(builds.length);
      if (error) throw error;
      return outcome(builds.length);
    },
  };
}

describe('coalescing: one build at a time, a burst makes one or two', () => {
  it('a burst of 1,000 events makes at most 2 builds, one at a time, and every event reaches a build', async () => {
    const builder = slowBuilder(30);
    const queue = new BuildQueue(builder.build, { settleMs: 5 });
    for (let i = 0; i < 1000; i += 1) {
      queue.add(pageEvent(`doc${i}`));
      // Spread over several macrotasks, so some arrive while the first build runs.
      if (i % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 4));
    }
    await queue.idle();
    expect(builder.builds.length).toBeGreaterThanOrEqual(1);
    expect(builder.builds.length).toBeLessThanOrEqual(2);
    expect(builder.overlapped()).toBe(false);
    const fetched = new Set(builder.builds.flatMap((set) => set.changes.map((c) => c.documentId)));
    expect(fetched.size).toBe(1000);
    expect(queue.status().builds).toHaveLength(builder.builds.length);
  });

  it('events during a build wait for it and make exactly one follow-up build', async () => {
    const builder = slowBuilder(60);
    const queue = new BuildQueue(builder.build, { settleMs: 1 });
    queue.add(pageEvent('a'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queue.status().running?.events).toEqual(['entry.publish page a (en)']);
    for (const id of ['b', 'c', 'b']) queue.add(pageEvent(id));
    expect(queue.status().queued?.events).toHaveLength(3);
    await queue.idle();
    expect(builder.builds.map((set) => set.changes.map((c) => c.documentId))).toEqual([['a'], ['c', 'b']]);
  });

  it('the last event on a document decides (publish then unpublish = remove)', async () => {
    const builder = slowBuilder(1);
    const queue = new BuildQueue(builder.build, { settleMs: 5 });
    queue.add(pageEvent('a'));
    queue.add({ kind: 'change', change: { endpoint: 'pages', cmsLocale: 'en', documentId: 'a', action: 'remove' }, summary: 'entry.unpublish page a (en)' });
    queue.add(pageEvent('a', 'es-MX'));
    await queue.idle();
    expect(builder.builds).toHaveLength(1);
    expect(builder.builds[0]!.changes.map((c) => `${c.documentId} ${c.cmsLocale} ${c.action}`)).toEqual(['a en remove', 'a es-MX fetch']);
  });

  it('a full-build event makes the merged set a full build, with its reason', async () => {
    const builder = slowBuilder(1);
    const queue = new BuildQueue(builder.build, { settleMs: 5 });
    queue.add(pageEvent('a'));
    queue.add({ kind: 'full', reason: 'media.update: hero.png may be used anywhere', summary: 'media.update hero.png' });
    await queue.idle();
    expect(builder.builds[0]!.full).toBe('media.update: hero.png may be used anywhere');
  });

  it('a failed build is recorded with its content errors, logged, and the next event builds again', async () => {
    const lines: string[] = [];
    const builder = slowBuilder(1, (n) =>
      n === 1
        ? new BuildFailure('Content has 1 error', [
            { code: 'UnsafeLink', message: 'javascript: link', entity: 'page', locale: 'es', slug: 'habitaciones', block: 'blocks.hero #1', field: 'blocks[0].cta.url' },
          ])
        : null,
    );
    const queue = new BuildQueue(builder.build, { settleMs: 1, log: (line) => lines.push(line) });
    queue.add(pageEvent('a'));
    await queue.idle();
    queue.add(pageEvent('b'));
    await queue.idle();
    const [second, first] = queue.status().builds;
    expect(first).toMatchObject({
      n: 1,
      result: 'failed',
      buildId: null,
      error: 'Content has 1 error',
      errors: [{ locale: 'es', slug: 'habitaciones', block: 'blocks.hero #1', field: 'blocks[0].cta.url' }],
    });
    expect(second).toMatchObject({ n: 2, result: 'published', buildId: 'build2', pages: { added: 0, changed: 1, removed: 0 } });
    expect(lines[0]).toMatch(/^✗ build #1 failed .*UnsafeLink \[es\] habitaciones blocks\.hero #1 blocks\[0\]\.cta\.url: javascript: link; the published site is unchanged$/);
    expect(lines[1]).toMatch(/^✓ build #2 build2 published in [\d.]+ s \(incremental\) after 1 event \(entry\.publish page b \(en\)\): 0 added, 1 changed, 0 removed$/);
  });

  it('keeps the last 20 builds, newest first', async () => {
    const builder = slowBuilder(0);
    const queue = new BuildQueue(builder.build, { settleMs: 0 });
    for (let i = 0; i < 25; i += 1) {
      queue.add(pageEvent(`d${i}`));
      await queue.idle();
    }
    const builds = queue.status().builds;
    expect(builds).toHaveLength(20);
    expect(builds.map((b) => b.n)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    expect(formatRecord(builds[0]!)).toContain('build25');
  });

  it('warnings and what was held back reach the status, the log (a line each) and onRecord, which is told of every build', async () => {
    const lines: string[] = [];
    const told: number[] = [];
    const warning = {
      code: 'LinkTargetMissing',
      message: 'links to /nowhere, which is not a page',
      entity: 'page',
      locale: 'en',
      slug: 'spa',
      block: 'blocks.hero #2',
      field: 'blocks[1].cta.url',
    };
    const held = {
      entity: 'page' as const,
      locale: 'es' as const,
      slug: 'alberca',
      title: 'Alberca',
      kept: '/es/alberca',
      errors: [{ code: 'DuplicateSlug', message: 'slug taken', entity: 'page' }],
    };
    const queue = new BuildQueue(async () => ({ ...outcome(1), warnings: [warning], heldBack: [held] }), {
      settleMs: 1,
      log: (line) => lines.push(line),
      onRecord: async (record) => {
        told.push(record.n);
        // A report that fails is logged; the queue goes on.
        if (record.n === 1) throw new Error('CMS unreachable');
      },
    });
    queue.add(pageEvent('a'));
    await queue.idle();
    queue.add(pageEvent('b'));
    await queue.idle();
    expect(told).toEqual([1, 2]);
    expect(queue.status().builds[0]).toMatchObject({ warnings: [warning], heldBack: [held] });
    expect(lines[0]!.split('\n')).toEqual([
      expect.stringMatching(/^✓ build #1 build1 published .*: 0 added, 1 changed, 0 removed, 1 warning, 1 held back$/),
      '  ✗ held back [es] Alberca: its live version stays (/es/alberca) — DuplicateSlug [-] page: slug taken',
      '  ⚠ LinkTargetMissing [en] spa blocks.hero #2 blocks[1].cta.url: links to /nowhere, which is not a page',
    ]);
    expect(lines[1]).toBe('✗ build #1: its report failed: CMS unreachable');
  });

  it('work run between builds (a rollback) waits for the running build, and no build starts until it is done', async () => {
    const order: string[] = [];
    const queue = new BuildQueue(
      async (changes) => {
        order.push(`build ${changes.changes[0]!.documentId} start`);
        await new Promise((resolve) => setTimeout(resolve, 40));
        order.push(`build ${changes.changes[0]!.documentId} end`);
        return outcome(1);
      },
      { settleMs: 1 },
    );
    queue.add(pageEvent('a'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const between = queue.between(async () => {
      order.push('rollback start');
      queue.add(pageEvent('b'));
      await new Promise((resolve) => setTimeout(resolve, 40));
      order.push('rollback end');
    });
    await between;
    await queue.idle();
    expect(order).toEqual(['build a start', 'build a end', 'rollback start', 'rollback end', 'build b start', 'build b end']);
  });

  it('an issue in the status names its block and its field as a path and in words, in English and Spanish', () => {
    const issue = statusIssue({
      severity: 'warning',
      code: 'UnknownLinkTarget',
      message: 'Link to "spa" matches no page in this locale',
      hint: 'Publish the page in this locale.',
      entity: 'page',
      locale: 'es',
      slug: 'alberca',
      documentId: 'd1',
      position: 2,
      component: 'blocks.hero',
      field: 'blocks[2].cta.url',
    });
    expect(issue).toEqual({
      code: 'UnknownLinkTarget',
      message: 'Link to "spa" matches no page in this locale',
      entity: 'page',
      locale: 'es',
      slug: 'alberca',
      documentId: 'd1',
      block: 'blocks.hero #3',
      field: 'blocks[2].cta.url',
      fieldWords: { en: expect.stringMatching(/^Block 3 \(Hero\) › /), es: expect.stringMatching(/^Bloque 3 \(Portada\) › /) },
      hint: 'Publish the page in this locale.',
    });
  });
});
