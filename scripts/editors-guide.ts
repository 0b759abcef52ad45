/**
 * `npm run docs:editors`: remakes the screenshots of docs/editors-guide.md.
 * Starts a throwaway Strapi with its admin panel and the webhook service
 * (scripts/editors-guide/stage.ts), then walks through an editor's day in
 * Debian's Chromium: log in, the pages, a page's blocks and the block
 * picker, a preview (on a laptop and a phone), a publish that goes live
 * with a warning, a publish the gate refuses and its fix, a page held back
 * (rule 13), the Publishing page and widget, a rollback, an image the
 * Media Library will not delete, and the admin in Spanish. Writes
 * docs/editors-guide/*.png (the folder is remade each run) and prints the
 * time it took and the images' sizes.
 */
import '../src/node/platform/require-project-node.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { ROOT } from '../src/node/build/paths.js';
import { Admin, Camera, LAPTOP, launchBrowser } from './editors-guide/admin.js';
import { HELD_BACK, startStage } from './editors-guide/stage.js';

const PAGE = 'api::page.page';
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
const camera = new Camera(path.join(ROOT, 'docs', 'editors-guide'));

/** Publishes the open entry and reopens it, so its Publishing panel shows this publish's check. */
async function publish(admin: Admin, locale: string, title: string, button = 'Publish'): Promise<void> {
  await admin.page.getByRole('button', { name: button, exact: true }).click();
  await admin.toast(/Published|Publicado/).waitFor({ timeout: 60_000 });
  await admin.open(PAGE, locale, title);
}

async function editorsDay(admin: Admin, login: { email: string; password: string }): Promise<void> {
  const { page } = admin;
  const shoot = (name: string, of?: Parameters<Camera['shoot']>[2]) => camera.shoot(page, name, of);
  const top = (locator: Locator, block: ScrollLogicalPosition = 'start') => locator.evaluate((element, at) => element.scrollIntoView({ block: at }), block);

  // Log in.
  await admin.login(login.email, login.password, () => shoot('log-in'));

  // The pages, one page's fields, its blocks and the block picker.
  await admin.list(PAGE, 'en');
  await shoot('pages');
  await admin.open(PAGE, 'en', 'Contact');
  await shoot('edit-page');
  await top(page.getByRole('button', { name: /^Hero/ }).first(), 'center');
  await shoot('blocks');
  await page.getByRole('button', { name: 'Add a component to Blocks' }).click();
  await top(page.getByText('Pick one component'));
  await page.mouse.move(0, 0);
  await shoot('block-picker');
  await page.getByRole('button', { name: 'Close', exact: true }).click();

  // An edit, saved and previewed: the hero gets a button to a page the site does not have (a warning, not an error).
  await page.getByRole('button', { name: /^Hero/ }).first().click();
  await page.getByText('No entry yet. Click to add one.').first().click();
  await page.getByLabel('Label', { exact: true }).fill('See the spa menu');
  const buttonPage = page.getByLabel('Slug', { exact: true }).last();
  await buttonPage.fill('spa-menu');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await admin.toast(/Saved/).waitFor();
  await admin.closeToasts();
  await page.getByText('Open preview').click();
  const preview = page.frameLocator('iframe').first();
  await preview.getByText(/1 warning/).click();
  await preview.getByText(/matches no page/).waitFor();
  await shoot('preview');
  await page.getByRole('combobox').first().click();
  await page.getByRole('option', { name: 'Mobile' }).click();
  // Folded, so the edit itself shows on the phone's small screen.
  await preview.getByText(/1 warning/).click();
  await preview.getByText(/matches no page/).waitFor({ state: 'hidden' });
  await shoot('preview-phone');
  await page.getByRole('link', { name: /close/i }).first().click();
  await page.getByRole('heading', { name: 'Contact', level: 1 }).waitFor();

  // Publish: live in about a second; the warning stays in the entry's Publishing panel.
  await publish(admin, 'en', 'Contact');
  await page
    .getByText(/matches no page/)
    .first()
    .waitFor();
  await shoot('published-with-warning');

  // A publish the gate refuses: a slug another page has. Then fixed: the slug back, the button pointed at the spa.
  const slug = page.getByLabel(/^Slug/).first();
  await slug.fill('destinations');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await admin.toast(/already has the path/).waitFor({ timeout: 60_000 });
  await shoot('publish-refused');
  await admin.closeToasts();
  await slug.fill('contact');
  await page.getByRole('button', { name: /^Hero/ }).first().click();
  await page.getByLabel('Slug', { exact: true }).last().fill('services/spa');
  await publish(admin, 'en', 'Contact');
  await page
    .getByText(/No errors or warnings/)
    .first()
    .waitFor();
  await shoot('fixed-and-published');
  await admin.closeToasts();

  // What every build did: the Publishing page, the page held back, its own panel.
  await admin.go('/plugins/marea');
  await page.getByRole('heading', { name: 'Recent builds' }).waitFor();
  await page.getByText('live now').waitFor();
  await shoot('publishing');
  await top(
    page
      .getByRole('article')
      .last()
      .getByText(/^1 held back/),
    'center',
  );
  await shoot('held-back');
  await admin.open(PAGE, 'es-MX', HELD_BACK.title);
  await page
    .getByText(/already has the path/)
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(() => {});
  await shoot('held-back-entry');

  // Undo a publish: an earlier build back live (the page asks the browser to confirm).
  await admin.go('/plugins/marea');
  const rollback = page.getByRole('button', { name: /^Put build .* back live$/ }).last();
  await rollback.waitFor();
  page.once('dialog', (dialog) => void dialog.accept());
  await rollback.click();
  await page.getByText(/is live again/).waitFor({ timeout: 60_000 });
  await shoot('rollback', page.locator('section[aria-labelledby="marea-rollback"]'));

  // The home page's Publishing widget.
  await admin.go('');
  const widget = page.getByRole('link', { name: 'See every build' });
  await widget.waitFor();
  await top(widget);
  await shoot('home-widget');

  // An image that published pages use: the Media Library refuses to delete it, naming them.
  await admin.go('/plugins/upload');
  await mediaRefusals(admin, shoot);

  // The admin in Spanish: the editor's profile, then a refused publish in Spanish.
  await admin.go('/me');
  await page.getByRole('combobox', { name: /Interface language/ }).click();
  await page.getByRole('option', { name: /Español/ }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('button', { name: 'Guardar', exact: true }).waitFor();
  await shoot('profile-language');
  await admin.open(PAGE, 'es-MX', 'Contacto');
  await page.getByLabel(/^Slug/).first().fill('destinos');
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await admin.toast(/destinos/).waitFor({ timeout: 60_000 });
  await shoot('spanish-refused');
  await admin.closeToasts();
  await admin.go('/plugins/marea');
  await page.getByText('en línea ahora').waitFor();
  await shoot('publishing-spanish');
}

/**
 * Deleting a used image from a selection in the list and from the file's own
 * window. The Media Library is Strapi's legacy one (cms/config/features.js):
 * both show the server's refusal naming the pages.
 */
async function mediaRefusals(admin: Admin, shoot: (name: string) => Promise<void>): Promise<void> {
  const { page } = admin;
  const card = page.locator('article').filter({ hasText: 'palapa-lobby.jpg' });
  const confirm = () => page.getByRole('alertdialog').or(page.getByRole('dialog')).last().getByRole('button', { name: 'Confirm' }).click();
  await card.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
  await confirm();
  await admin.toast(/Used by published entries/).waitFor();
  await shoot('media-bulk-delete-refused');
  await admin.closeToasts();
  await card.getByRole('checkbox').uncheck();

  await card.getByRole('button', { name: 'Edit', exact: true }).click({ force: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await confirm();
  await admin.toast(/Used by published entries/).waitFor();
  await page.keyboard.press('Escape');
  await shoot('media-file-delete-refused');
  await admin.closeToasts();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).first().click();
}

const stage = await startStage(console.log);
console.log(`✓ Strapi with its admin panel and the webhook service up after ${seconds()} s`);
const browser = await launchBrowser();
try {
  await camera.clear();
  const context = await browser.newContext({ viewport: LAPTOP, locale: 'en-US', timezoneId: 'America/Cancun' });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  try {
    await editorsDay(new Admin(page, stage.cms.url), { email: stage.cms.adminEmail, password: stage.cms.adminPassword });
  } catch (error) {
    // Where the day stopped, for whoever fixes the script.
    await page.screenshot({ path: path.join(tmpdir(), 'editors-guide-failed.png') });
    console.error(`✗ stopped after ${camera.shots.at(-1)?.name ?? 'no screenshot'}; the screen then: ${path.join(tmpdir(), 'editors-guide-failed.png')}`);
    throw error;
  }
} finally {
  await browser.close();
  await stage.stop();
}
const total = camera.shots.reduce((sum, shot) => sum + shot.bytes, 0);
for (const shot of camera.shots) console.log(`  ${shot.name}.png ${(shot.bytes / 1024).toFixed(0)} KB`);
console.log(`✓ ${camera.shots.length} screenshots in docs/editors-guide/ (${(total / 1024).toFixed(0)} KB) in ${seconds()} s`);
