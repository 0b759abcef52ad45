import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ProjectPaths } from '../build/paths.js';
import { keepPrivate, writeSecretFile } from '../platform/secret-file.js';
import { SECRET_MIN_LENGTH, secretTooShort } from '../config/secret-length.js';
import { PREVIEW_SECRET_MIN_LENGTH } from '../../../cms/src/plugins/marea/server/preview-token.js';

/** The webhook's secret (Strapi sends it as a header) and the draft preview's (in the preview link). */
export interface WebhookSecrets {
  readonly webhook: string;
  readonly preview: string;
}

/**
 * WEBHOOK_SECRET and PREVIEW_SECRET from the environment, or, on a
 * developer's machine, made once and kept in `.marea/webhook-secrets.json`
 * (git-ignored, mode 600 however it was before: `writeSecretFile`,
 * `keepPrivate`), where `npm run cms` reads them to register the
 * webhook and the preview link with Strapi. Throws naming a secret that is
 * set but too short.
 */
export function webhookSecrets(paths: Pick<ProjectPaths, 'work'>, env: NodeJS.ProcessEnv = process.env): WebhookSecrets {
  const file = path.join(paths.work, 'webhook-secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<WebhookSecrets>) : {};
  const kept = { ...stored };
  let made = false;
  // The same minimum as the services' configuration and the Netlify Function (config/secret-length.ts).
  const pick = (name: string, key: keyof WebhookSecrets, value: string | undefined, min = SECRET_MIN_LENGTH): string => {
    const given = value?.trim();
    const tooShort = given && secretTooShort(name, given, min);
    if (tooShort) throw new Error(tooShort);
    if (given) return given;
    if (!kept[key]) {
      kept[key] = randomBytes(32).toString('hex');
      made = true;
    }
    return kept[key];
  };
  const secrets = { webhook: pick('WEBHOOK_SECRET', 'webhook', env.WEBHOOK_SECRET), preview: pick('PREVIEW_SECRET', 'preview', env.PREVIEW_SECRET, PREVIEW_SECRET_MIN_LENGTH) };
  if (made) writeSecretFile(file, `${JSON.stringify(kept, null, 2)}\n`);
  else keepPrivate(file);
  return secrets;
}
