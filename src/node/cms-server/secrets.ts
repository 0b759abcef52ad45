import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { throwawaySecrets } from './start.js';

/**
 * The CMS's secrets (app keys, JWT secrets, token salt, encryption key) in
 * `envFile` (`cms/.env`): made once on this machine, never committed, the same
 * on every start (a new salt would void the build's token). Returns them and
 * whether they were made now.
 */
export function ensureSecrets(envFile: string): { secrets: Record<string, string>; made: boolean } {
  if (existsSync(envFile)) {
    const secrets = Object.fromEntries(
      readFileSync(envFile, 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    if (secrets.APP_KEYS) return { secrets, made: false };
  }
  const secrets = throwawaySecrets();
  mkdirSync(path.dirname(envFile), { recursive: true });
  const lines = Object.entries(secrets).map(([key, value]) => `${key}=${value}`);
  writeFileSync(envFile, `# Made by npm run cms on first start; local to this machine (git-ignored).\n${lines.join('\n')}\n`, { mode: 0o600 });
  return { secrets, made: true };
}
