import { ensureAdminBuilt } from './admin-build.js';
import { ensureCmsInstalled } from './install.js';

/**
 * Makes cms/ ready to start, and starts nothing: installs its dependencies
 * (`npm ci`) and builds its admin panel, each only when missing or out of
 * date (`npm run cms:prepare`, and `npm run cms` before it starts Strapi).
 * Says what it did, and what was already done unless `quiet`.
 */
export function prepareCms(cmsDir: string, { log = console.log, quiet = false }: { log?: (line: string) => void; quiet?: boolean } = {}): void {
  const since = Date.now();
  if (ensureCmsInstalled(cmsDir, log)) log(`✓ installed cms/ in ${((Date.now() - since) / 1000).toFixed(1)} s`);
  else if (!quiet) log('✓ cms/ is installed');
  // The admin panel is a Vite build of its own (~1 min, again when the Marea plugin's screens change); `strapi start` serves it.
  const built = ensureAdminBuilt(cmsDir, log);
  if (built !== null) log(`✓ built the CMS's admin panel in ${built.toFixed(1)} s`);
  else if (!quiet) log("✓ the CMS's admin panel is built");
}
