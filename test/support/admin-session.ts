import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { ensureAdminBuilt } from '../../src/node/cms-server/admin-build.js';
import { strapiEditor, type StrapiEditor } from '../../src/node/cms-server/editor.js';
import { CMS_DIR } from '../../src/node/cms-server/paths.js';
import type { RunningCms } from '../../src/node/cms-server/start.js';
import { freePort } from '../../src/node/platform/free-port.js';
import { launchChromium } from './chromium.js';
import { startFromSnapshot } from './strapi-snapshot.js';
import { adminPage } from './strapi-admin.js';

/** A seeded Strapi with its built admin panel, an editor on its admin API and Chromium logged in to the panel. */
export interface AdminSession {
  readonly cms: RunningCms;
  readonly editor: StrapiEditor;
  readonly browser: Browser;
  readonly page: Page;
  /** Closes Chromium, stops Strapi and removes its files. */
  stop(): Promise<void>;
}

/**
 * Starts an admin session for a Chromium test of the admin: builds the panel
 * when its sources changed (ensureAdminBuilt), starts a throwaway Strapi on a
 * copy of content-cache/ seeded once for the run (strapi-snapshot.ts) in a
 * temporary folder named after `name`, and logs in once.
 */
export async function startAdminSession(name: string): Promise<AdminSession> {
  const seconds = ensureAdminBuilt(CMS_DIR);
  if (seconds !== null) console.log(`admin panel built in ${seconds.toFixed(1)} s`);
  const dir = await mkdtemp(path.join(tmpdir(), `marea-${name}-`));
  let cms: RunningCms | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await cms?.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    cms = await startFromSnapshot(inject('cmsSnapshot'), dir, { port: await freePort(), admin: true });
    const editor = await strapiEditor(cms.url, { email: cms.adminEmail, password: cms.adminPassword });
    browser = await launchChromium();
    const page = await adminPage(browser, cms);
    return { cms, editor, browser, page, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
