import type { Browser, Page } from 'playwright-core';
import type { RunningCms } from '../../src/node/cms-server/start.js';

/**
 * A page of Strapi's built admin panel, logged in as the test CMS's admin
 * (its login form, as an editor fills it in), on the admin's home page.
 * One login per test file: Strapi rate-limits the admin login.
 */
export async function adminPage(browser: Browser, cms: RunningCms): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${cms.url}/admin/auth/login`);
  await page.locator('input[name="email"]').fill(cms.adminEmail);
  await page.locator('input[name="password"]').fill(cms.adminPassword);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await page.waitForURL(/\/admin\/?$/, { timeout: 60_000 });
  return page;
}
