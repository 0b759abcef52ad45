import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries eslint.config.js declares, shown to fire: a probe file
 * placed (in memory: ESLint is given its path, nothing is written) in one
 * zone imports a real module of another. A boundary rule that never fires
 * would pass `npm run lint` forever.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** Messages of the import rules for `source` linted as if it were the file at `file` (relative to the root). */
async function importProblems(file: string, source: string): Promise<Problem[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('import-x/') || m.fatal).map((m) => ({ rule: m.ruleId, message: m.message }));
}

type Problem = { rule: string | null; message: string };
const restricted = (problems: Problem[]) => problems.filter((p) => p.rule === 'import-x/no-restricted-paths');

describe('zones: src/client, src/node, src/shared', () => {
  it('src/client never imports src/node', async () => {
    const problems = await importProblems('src/client/lib/probe.ts', "export { loadConfig } from '../../node/config/env.js';\n");
    expect(restricted(problems)).toHaveLength(1);
    expect(problems[0]!.message).toContain('Browser code never imports build-time code');
  });

  it('src/node never imports src/client', async () => {
    const problems = await importProblems('src/node/build/probe.ts', "export { lazyOnce } from '../../client/lib/lazy-once.js';\n");
    expect(restricted(problems)).toHaveLength(1);
  });

  it('src/shared imports neither src/client nor src/node', async () => {
    const source = "export { lazyOnce } from '../client/lib/lazy-once.js';\nexport { loadConfig } from '../node/config/env.js';\n";
    expect(restricted(await importProblems('src/shared/probe.ts', source))).toHaveLength(2);
  });

  it('tests are held to the same zones', async () => {
    const problems = await importProblems('src/client/lib/probe.test.ts', "export { loadConfig } from '../../node/config/env.js';\n");
    expect(restricted(problems)).toHaveLength(1);
  });

  it('allowed imports stay quiet (shared from both sides)', async () => {
    const source = "export { normalizePath } from '../../shared/routes.js';\n";
    expect(await importProblems('src/client/lib/probe.ts', source)).toEqual([]);
    expect(await importProblems('src/node/build/probe.ts', source)).toEqual([]);
  });
});

describe('blocks and modal items', () => {
  it('a block imports no other block, no modal item and not the app shell', async () => {
    const source = [
      "export { Header } from '../header/Header.js';",
      "export { default as Room } from '../../modals/items/room/index.js';",
      "export { createRoutes } from '../../app/routes.js';",
    ].join('\n');
    const problems = restricted(await importProblems('src/client/blocks/hero/probe.ts', source));
    expect(problems).toHaveLength(3);
    expect(problems[0]!.message).toContain('A block (src/client/blocks/hero)');
  });

  it('a block may use its own folder, blocks/props.ts and src/client/page', async () => {
    const source = [
      "export { Hero } from './Hero.js';",
      "export { text } from '../props.js';",
      "export { usePage } from '../../page/page-context.js';",
      "export { usePageData } from '../../page/page-data-context.js';",
      "export { useSearch } from '../../page/use-search.js';",
    ].join('\n');
    expect(await importProblems('src/client/blocks/hero/probe.ts', source)).toEqual([]);
  });

  it('a modal item imports no other modal item, no block but the one it presents, and not the app shell', async () => {
    const source = [
      "export { default as Wysiwyg } from '../wysiwyg/index.js';",
      "export { Form } from '../../../blocks/form/Form.js';",
      "export { lastLayout } from '../../../app/client-loader.js';",
    ].join('\n');
    expect(restricted(await importProblems('src/client/modals/items/room/probe.ts', source))).toHaveLength(3);
    const presented = "export { Form } from '../../../blocks/form/Form.js';\nexport { itemClass } from '../item-frame.js';\n";
    expect(await importProblems('src/client/modals/items/embedded-form/probe.ts', presented)).toEqual([]);
  });

  it('what blocks may use does not reach into the app shell either', async () => {
    const problems = await importProblems('src/client/page/probe.ts', "export { lastLayout } from '../app/client-loader.js';\n");
    expect(restricted(problems)).toHaveLength(1);
  });
});

describe('import cycles', () => {
  // Written to disk: the rule follows imports through real files.
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(ROOT, 'src/client/lib/cycle-probe-'));
    await writeFile(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = (): number => b() + 1;\n");
    await writeFile(path.join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = (): number => a() - 1;\n");
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('two modules importing each other are a cycle', async () => {
    const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});

describe('block declarations in the browser', () => {
  /** Messages of the restricted-imports rule for `source` linted as the file at `file`. */
  async function declarationProblems(file: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
    return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
  }

  it('src/client takes only types from a block or modal-item declaration (zod stays out of the pages)', async () => {
    const source = [
      "export { BLOCK_DECLARATIONS } from '../../../shared/blocks/catalogue.js';",
      "export { hero } from '../../../shared/blocks/hero.js';",
      "export { modalRoom } from '../../../shared/modal-items/room.js';",
    ].join('\n');
    const problems = await declarationProblems('src/client/blocks/hero/probe.ts', source);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('for their types only');
  });

  it('type imports, and the display names (names.ts), are allowed; tests may read values', async () => {
    const source = [
      "import type { BlockProps } from '../../../shared/blocks/catalogue.js';",
      "export type HeroProps = BlockProps<'blocks.hero'>;",
      "export { displayName } from '../../../shared/blocks/names.js';",
    ].join('\n');
    expect(await declarationProblems('src/client/blocks/hero/probe.ts', source)).toEqual([]);
    const test = "export { BLOCK_DECLARATIONS } from '../../../shared/blocks/catalogue.js';\n";
    expect(await declarationProblems('src/client/blocks/hero/probe.test.ts', test)).toEqual([]);
  });
});
