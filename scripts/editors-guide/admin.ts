/**
 * The editors' guide's hands and camera (scripts/editors-guide.ts): Debian's
 * Chromium (scripts/chromium-path.mjs; playwright-core never downloads a
 * browser) on the Strapi admin, at a laptop's size, and screenshots written
 * under docs/editors-guide/ as small palette PNGs (sharp), so the guide's
 * images stay a few dozen KB each and can be remade at will.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import { chromiumCandidates, findChromium } from '../chromium-path.mjs';

/** A laptop's screen, what most editors work on. */
export const LAPTOP = { width: 1280, height: 800 };

export function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`No Chromium found (tried ${chromiumCandidates().join(', ')}). Install it: apt-get install -y chromium, or set CHROME_PATH.`);
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
}

/** Writes screenshots into `dir`, each re-encoded as a palette PNG; remembers their names and sizes. */
export class Camera {
  readonly shots: Array<{ name: string; bytes: number }> = [];
  constructor(private readonly dir: string) {}

  async clear(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
    await mkdir(this.dir, { recursive: true });
  }

  /** A screenshot of the page (or of `of`, one element) as `<name>.png`. */
  async shoot(page: Page, name: string, of?: Locator): Promise<void> {
    const raw = of ? await of.screenshot({ animations: 'disabled' }) : await page.screenshot({ animations: 'disabled' });
    const file = path.join(this.dir, `${name}.png`);
    // A palette of 256 colours suits the admin's flat design and keeps every image small.
    const info = await sharp(raw).png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 }).toFile(file);
    this.shots.push({ name, bytes: info.size });
  }
}

/** The admin's pages, reached as an editor reaches them once logged in. */
export class Admin {
  constructor(
    readonly page: Page,
    readonly url: string,
  ) {}

  /** Opens an admin route as the panel's own links do (its client-side router): no reload of the whole admin. */
  async go(route: string): Promise<void> {
    await this.page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/admin${route}`);
  }

  async login(email: string, password: string, before?: () => Promise<void>): Promise<void> {
    await this.page.goto(`${this.url}/admin/auth/login`);
    await this.page.locator('input[name="email"]').fill(email);
    await this.page.locator('input[name="password"]').fill(password);
    await before?.();
    await this.page.locator('button[type="submit"]').click();
    await this.page.waitForURL(/\/admin\/?$/, { timeout: 60_000 });
    // Strapi's one-time banner about its Media Library covers the top of every screen.
    const banner = this.page.getByRole('button', { name: /close the banner|cerrar/i });
    await banner.click({ timeout: 5000 }).catch(() => {});
  }

  /** One locale of a collection's list: `api::page.page`, `en`. */
  async list(uid: string, locale: string): Promise<void> {
    await this.go(`/content-manager/collection-types/${uid}?page=1&pageSize=10&sort=title:ASC&plugins[i18n][locale]=${locale}`);
    // The list's own grid (the home page's widgets have grids too, without a slug column).
    await this.page.getByRole('grid').filter({ hasText: 'slug' }).waitFor();
  }

  /** Opens an entry's edit view from its list, by its title. */
  async open(uid: string, locale: string, title: string): Promise<void> {
    await this.list(uid, locale);
    await this.page.getByRole('gridcell', { name: title, exact: true }).click();
    await this.page.getByRole('heading', { name: title, level: 1 }).waitFor();
  }

  /** Strapi's notification (a toast) with `text`, once shown. */
  toast(text: RegExp): Locator {
    return this.page
      .getByRole('alert')
      .filter({ hasText: text })
      .or(this.page.getByRole('status').filter({ hasText: text }))
      .first();
  }

  /** Closes every notification, so none covers the next screenshot. */
  async closeToasts(): Promise<void> {
    const toasts = this.page.getByRole('alert').or(this.page.getByRole('status'));
    for (const toast of await toasts.all())
      await toast
        .getByRole('button')
        .first()
        .click({ timeout: 1000 })
        .catch(() => {});
    await toasts
      .first()
      .waitFor({ state: 'hidden', timeout: 5000 })
      .catch(() => {});
  }
}
