import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { throwawaySecrets } from './start.js';

/**
 * `cms/.env`: the CMS's secrets (app keys, JWT secrets, token salt,
 * encryption key), made once on this machine and never committed. Strapi
 * reads the file itself on start. Returns whether it was made now.
 */
export function ensureSecrets(cmsDir: string): boolean {
  const file = path.join(cmsDir, '.env');
  if (existsSync(file) && readFileSync(file, 'utf8').includes('APP_KEYS=')) return false;
  const lines = Object.entries(throwawaySecrets()).map(([key, value]) => `${key}=${value}`);
  writeFileSync(file, `# Made by npm run cms on first start; local to this machine (git-ignored).\n${lines.join('\n')}\n`, { mode: 0o600 });
  return true;
}
