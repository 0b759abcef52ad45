import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StrapiEditor } from '../../src/node/cms-server/editor.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { startAdminSession, type AdminSession } from '../support/admin-session.js';

/**
 * The country picker in the built admin panel, in Chromium: an editor opens
 * a promo code, sees its countries by name as tags, finds Mexico by typing
 * part of its name, picks it and removes Canada with the keyboard alone, and
 * publishing saves the list of alpha-3 codes the build reads; an entry with
 * no country says "Every country"; in a Spanish admin the names are Spanish.
 */
const PROMO = 'api::promo-code.promo-code';

let session: AdminSession;
let cms: RunningCms;
let editor: StrapiEditor;
let page: Page;

async function promo(code: string): Promise<{ documentId: string; countries: { country: unknown } }> {
  const found = await editor.rest('GET', `/api/promo-codes?filters[code][$eq]=${code}&populate[countries]=true`);
  return (found.data as Array<{ documentId: string; countries: { country: unknown } }>)[0]!;
}

/** Opens an entry's edit view and returns its country picker (the search box labelled as the field). */
async function openPicker(documentId: string) {
  await page.goto(`${cms.url}/admin/content-manager/collection-types/${PROMO}/${documentId}`);
  const search = page.getByRole('combobox', { name: 'Visitors from' });
  await search.waitFor({ timeout: 60_000 });
  return { search, chosen: page.getByRole('group', { name: /^Visitors from: / }) };
}

beforeAll(async () => {
  session = await startAdminSession('countries-admin');
  ({ cms, editor, page } = session);
});

afterAll(() => session?.stop());

describe('the country picker in the admin', () => {
  it('shows the countries by name, finds one by part of its name, and saves the choice made with the keyboard', async () => {
    const winter = await promo('WINTERUS');
    expect(winter.countries.country).toEqual(['USA', 'CAN']);
    const { search, chosen } = await openPicker(winter.documentId);
    await expect.poll(() => chosen.locator('li').allTextContents()).toEqual(['United States (USA)', 'Canada (CAN)']);
    // Its help says what to do, in words.
    expect(await search.getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.getByText('none chosen: every country', { exact: false }).count()).toBeGreaterThan(0);

    // Typing part of a name lists the countries whose name holds it; Enter picks the one in focus.
    await search.focus();
    await page.keyboard.type('exic');
    const options = page.getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual(['Mexico']);
    await page.keyboard.press('ArrowDown');
    // Under load the list may not have moved its highlight yet: Enter picks only a highlighted option.
    await expect.poll(() => page.locator('[role="option"][data-highlighted]').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => chosen.locator('li').allTextContents()).toEqual(['United States (USA)', 'Canada (CAN)', 'Mexico (MEX)']);
    expect(await search.inputValue()).toBe('');

    // Each tag's button removes its country, named for a screen reader; focus goes back to the search box.
    const remove = chosen.getByRole('button', { name: 'Remove Canada' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => chosen.locator('li').allTextContents()).toEqual(['United States (USA)', 'Mexico (MEX)']);
    expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(async () => (await promo('WINTERUS')).countries.country, { timeout: 30_000 }).toEqual(['USA', 'MEX']);
  });

  it('says "Every country" when none is chosen, and names the countries in Spanish in a Spanish admin', async () => {
    const summer = await promo('SUMMER25');
    expect(summer.countries.country).toEqual([]);
    const { chosen } = await openPicker(summer.documentId);
    await expect.poll(() => chosen.textContent()).toContain('Every country');

    // The admin's interface language, as the profile's language menu sets it.
    await page.evaluate(() => localStorage.setItem('strapi-admin-language', 'es'));
    try {
      const mexico = await promo('MEXICO15');
      const { search, chosen: spanish } = await openPicker(mexico.documentId);
      await expect.poll(() => spanish.locator('li').allTextContents()).toEqual(['México (MEX)']);
      expect(await spanish.getAttribute('aria-label')).toBe('Visitors from: Países elegidos');
      await search.focus();
      await page.keyboard.type('unidos');
      await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Emiratos Árabes Unidos', 'Estados Unidos']);
    } finally {
      await page.evaluate(() => localStorage.setItem('strapi-admin-language', 'en'));
    }
  });
});
