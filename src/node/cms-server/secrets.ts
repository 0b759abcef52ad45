import { existsSync, readFileSync } from 'node:fs';
import { keepPrivate, writeSecretFile } from '../platform/secret-file.js';
import { throwawaySecrets } from './start.js';

/**
 * The CMS's secrets (app keys, JWT secrets, token salt, encryption key) in
 * `envFile` (`cms/.env`): made once on this machine, never committed, the same
 * on every start (a new salt would void the build's token). The file is
 * mode 600 however it was before (`writeSecretFile`, `keepPrivate`).
 * Returns them and whether they were made now.
 */
export function ensureSecrets(envFile: string): { secrets: Record<string, string>; made: boolean } {
  if (existsSync(envFile)) {
    const secrets = Object.fromEntries(
      readFileSync(envFile, 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    if (secrets.APP_KEYS) {
      keepPrivate(envFile);
      return { secrets, made: false };
    }
  }
  const secrets = throwawaySecrets();
  const lines = Object.entries(secrets).map(([key, value]) => `${key}=${value}`);
  writeSecretFile(envFile, `# Made by npm run cms on first start; local to this machine (git-ignored).\n${lines.join('\n')}\n`);
  return { secrets, made: true };
}
