import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../../shared/model.js';
import { readCache } from '../cms/cache.js';
import { seedFromSite } from './seed-data.js';

/**
 * Writes the seed of the CMS (`cms/.tmp/seed.json`) from a content cache.
 * What the schema cannot hold is named, not sent: the CMS would refuse the
 * whole document for one unknown key.
 */
export async function writeSeedFile(
  cacheDir: string,
  target: string,
  cmsLocales: Readonly<Record<Locale, string>>,
): Promise<{ documents: number; media: number; dropped: string[] }> {
  const { file, dropped } = seedFromSite(await readCache(cacheDir, cmsLocales), cacheDir);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, `${JSON.stringify(file)}\n`);
  return { documents: file.documents.length, media: file.media.length, dropped };
}
