import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_DECLARATIONS, MODAL_ITEM_DECLARATIONS } from '../../src/shared/blocks/catalogue.js';
import { startAdminSession, type AdminSession } from '../support/admin-session.js';

/**
 * The block picker in the built admin panel, in Chromium: an editor opens a
 * page, asks to add a component to its blocks and reads, under each block's
 * name, its one-line description from the block declarations (also the
 * tile's accessible description); the keyboard picks it. A modal's picker
 * describes its own items, even one named like a block ("Rich text"). An
 * editor whose admin speaks Spanish reads them in Spanish.
 */
let session: AdminSession;
let page: Page;

const presentation = (component: string) => [...BLOCK_DECLARATIONS, ...MODAL_ITEM_DECLARATIONS].find((d) => d.component === component)!.presentation;
const description = (component: string) => presentation(component).description;

async function documentId(endpoint: string, query: string): Promise<string> {
  const found = await session.editor.rest('GET', `/api/${endpoint}?locale=en&${query}&fields[0]=documentId`);
  return (found.data as Array<{ documentId: string }>)[0]!.documentId;
}

/** Opens an entry's edit view and its zone's picker; returns the picker's group `group` ("Blocks"). */
async function openPicker(uid: string, id: string, group: string) {
  await page.goto(`${session.cms.url}/admin/content-manager/collection-types/${uid}/${id}?plugins[i18n][locale]=en`);
  // Strapi's own words, in English or Spanish.
  const add = page.getByRole('button', { name: /^(Add a component to|Agregue un componente a) / }).first();
  await add.waitFor({ timeout: 60_000 });
  await add.click();
  const region = page.getByRole('region', { name: group });
  await region.waitFor();
  return region;
}

/** The text of the elements a tile's aria-describedby names: what a screen reader reads after its name. */
const describedBy = (tile: ReturnType<Page['getByRole']>) =>
  tile.evaluate((button) =>
    (button.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

beforeAll(async () => {
  session = await startAdminSession('block-picker');
  page = session.page;
});

afterAll(() => session?.stop());

describe('the block picker describes each block', () => {
  it('shows the hero’s description under "Hero", as its accessible description, and the keyboard adds it', async () => {
    const blocks = await openPicker('api::page.page', await documentId('pages', 'filters[slug][$eq]=contact'), 'Blocks');
    // Named "Hero" alone: the description is not part of the name.
    const hero = blocks.getByRole('button', { name: 'Hero', exact: true });
    await expect.poll(() => describedBy(hero), { timeout: 10_000 }).toBe(description('blocks.hero'));
    expect(await hero.getByText(description('blocks.hero')).isVisible()).toBe(true);
    // Every block the page zone offers has its own.
    const tiles = await blocks.getByRole('button').all();
    expect(tiles.length).toBeGreaterThan(10);
    for (const tile of tiles) expect(await describedBy(tile), (await tile.textContent()) ?? '').toMatch(/^[A-Z].{20,110}\.$/);

    // The zone's entries are headings of their own; the picker's tiles are not.
    const heroes = page.getByRole('heading').filter({ hasText: /^Hero/ });
    const before = await heroes.count();
    await hero.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heroes.count()).toBe(before + 1);
    expect(await page.getByRole('region', { name: 'Blocks' }).count()).toBe(0);
  });

  it('describes a modal’s items as modal items, even one named like a block', async () => {
    const modals = await openPicker('api::modal.modal', await documentId('modals', 'pagination[pageSize]=1'), 'Modals');
    const richText = modals.getByRole('button', { name: 'Rich text', exact: true });
    await expect.poll(() => describedBy(richText), { timeout: 10_000 }).toBe(description('modals.wysiwyg'));
    expect(description('modals.wysiwyg')).not.toBe(description('blocks.wysiwyg'));
  });

  it('speaks Spanish to an editor whose admin is in Spanish, under the same names', async () => {
    await session.editor.setLanguage('es');
    try {
      const blocks = await openPicker('api::page.page', await documentId('pages', 'filters[slug][$eq]=contact'), 'Blocks');
      // The picker reads the language Strapi gives the page's root once it has the editor's profile.
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      const hero = blocks.getByRole('button', { name: 'Hero', exact: true });
      await expect.poll(() => describedBy(hero), { timeout: 10_000 }).toBe(presentation('blocks.hero').descriptionEs);
      expect(await hero.getByText(presentation('blocks.hero').descriptionEs).isVisible()).toBe(true);
      // Every tile, each with a block's Spanish line.
      const spanish = BLOCK_DECLARATIONS.map((d) => d.presentation.descriptionEs);
      const tiles = await blocks.getByRole('button').all();
      expect(tiles.length).toBeGreaterThan(10);
      for (const tile of tiles) expect(spanish, (await tile.textContent()) ?? '').toContain(await describedBy(tile));
    } finally {
      await session.editor.setLanguage('en');
    }
  });
});
