/**
 * `npm run docs:screenshot`: the README's picture of the site, remade from
 * the built site. Serves dist/ (run `npm run build` first) as `npm run
 * preview` does, opens the English home page in Chromium at a laptop's size,
 * waits for the hero's image, and writes docs/images/home.jpg (a JPEG: the
 * page is photographs).
 */
import '../src/node/platform/require-project-node.js';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { projectPaths } from '../src/node/build/paths.js';
import { createPreviewServer, listen } from '../src/node/preview/server.js';
import { LAPTOP, launchBrowser } from './editors-guide/admin.js';

const paths = projectPaths();
const out = path.join(paths.root, 'docs', 'images', 'home.jpg');
if (!existsSync(paths.dist)) {
  console.error(`No site in ${paths.dist}: run \`npm run build\` first.`);
  process.exit(1);
}

const server = createPreviewServer(paths.dist);
const origin = await listen(server, 0);
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: LAPTOP });
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  // The cookie notice would cover the bottom of the picture: accepted, as a visitor would.
  await page
    .getByRole('button', { name: /accept/i })
    .first()
    .click({ timeout: 2_000 })
    .catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  const raw = await page.screenshot({ animations: 'disabled' });
  await mkdir(path.dirname(out), { recursive: true });
  const info = await sharp(raw).jpeg({ quality: 78, mozjpeg: true }).toFile(out);
  console.log(`✓ wrote ${path.relative(paths.root, out)} (${LAPTOP.width}×${LAPTOP.height}, ${Math.round(info.size / 1024)} KB)`);
} finally {
  await browser.close();
  server.close();
}
