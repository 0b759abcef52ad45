// @vitest-environment node
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Block } from '../model.js';
import { BLOCK_DECLARATIONS, MODAL_ITEM_DECLARATIONS } from './catalogue.js';
import type { Declaration } from './fields.js';
import { CHROME_COMPONENTS, isBlock } from './names.js';

const src = new URL('../../', import.meta.url);
const NOT_DECLARATIONS = new Set(['fields.ts', 'catalogue.ts', 'names.ts']);

/** The declaration files of a folder, by the name their file gives (`blog-list.ts` → `blog-list`). */
const declarationFiles = (folder: string) =>
  readdirSync(new URL(folder, src))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !NOT_DECLARATIONS.has(file))
    .map((file) => file.slice(0, -3))
    .sort();

const folders = (folder: string) =>
  readdirSync(new URL(folder, src), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
const names = (declarations: readonly Declaration[], prefix: string) => declarations.map((d) => d.component.slice(prefix.length)).sort();

describe('a block is declared once (docs/contributing.md, "Adding a block type")', () => {
  it('every declaration file of src/shared/blocks/ is in the catalogue as blocks.<file>, and every catalogued block has its file', () => {
    expect(names(BLOCK_DECLARATIONS, 'blocks.')).toEqual(declarationFiles('shared/blocks/'));
  });

  it('every declaration file of src/shared/modal-items/ is in the catalogue as modals.<file>', () => {
    expect(names(MODAL_ITEM_DECLARATIONS, 'modals.')).toEqual(declarationFiles('shared/modal-items/'));
  });

  it('every declared block has a component folder with an index.ts, and every component folder a declaration', () => {
    expect(folders('client/blocks/')).toEqual(names(BLOCK_DECLARATIONS, 'blocks.'));
    expect(folders('client/modals/items/')).toEqual(names(MODAL_ITEM_DECLARATIONS, 'modals.'));
    for (const name of folders('client/blocks/')) expect(existsSync(new URL(`client/blocks/${name}/index.ts`, src)), name).toBe(true);
    for (const name of folders('client/modals/items/')) expect(existsSync(new URL(`client/modals/items/${name}/index.ts`, src)), name).toBe(true);
  });

  it("the browser's chrome list is exactly the blocks declared `chrome`", () => {
    expect([...CHROME_COMPONENTS].sort()).toEqual(
      BLOCK_DECLARATIONS.filter((d) => 'chrome' in d && d.chrome)
        .map((d) => d.component)
        .sort(),
    );
  });

  it('every block can be scheduled; list fields declare their items; choices and numbers say what happens instead', () => {
    for (const declaration of [...BLOCK_DECLARATIONS, ...MODAL_ITEM_DECLARATIONS]) {
      const { fields, component } = declaration;
      expect(fields.startdate?.kind, component).toBe('date');
      expect(fields.enddate?.kind, component).toBe('date');
      for (const [key, field] of Object.entries(fields)) {
        if (field.kind === 'list') expect(Object.keys(field.item ?? {}).length, `${component}.${key}`).toBeGreaterThan(0);
        if (field.kind === 'choice' || field.kind === 'number' || field.kind === 'date') expect(field.instead, `${component}.${key}`).toMatch(/\w/);
        if (field.kind === 'choice' && field.default !== undefined) expect(field.choices, `${component}.${key}`).toContain(field.default);
      }
    }
  });

  it('a block is one of the declared components, and `isBlock` narrows it to one, its props typed by that declaration', () => {
    const blocks: Block[] = [
      { component: 'blocks.hero', name: 'Hero', key: '0', countries: null, props: { title: 'Hola', media: null } },
      { component: 'blocks.wysiwyg', name: 'Wysiwyg', key: '1', countries: null, props: { body: '<p>Texto</p>' } },
    ];
    const hero = blocks.find((b) => isBlock(b, 'blocks.hero'));
    expectTypeOf(hero!.props.title).toEqualTypeOf<string | null | undefined>();
    expect(hero?.props.title).toBe('Hola');
    expect(blocks.filter((b) => isBlock(b, 'blocks.wysiwyg')).map((b) => b.props.body)).toEqual(['<p>Texto</p>']);
    // npm run typecheck fails on a component the catalogue does not declare, in a check or in a block.
    // @ts-expect-error misspelt
    expect(isBlock(blocks[0]!, 'blocks.heroes')).toBe(false);
    // @ts-expect-error misspelt
    const unknown: Block = { component: 'blocks.slider', name: 'Slider', key: '2', countries: null, props: {} };
    expect(unknown.component).toBe('blocks.slider');
  });
});
