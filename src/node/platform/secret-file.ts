import { chmodSync, statSync } from 'node:fs';
import { writeWholeSync } from './whole-file.js';

/**
 * Writes a file of secrets readable by its owner only (mode 600), whether
 * or not it existed: `writeFileSync`'s `mode` applies only when it creates
 * the file, so a file that was 644 (copied, restored from a backup, made by
 * an older version) would keep 644. The text goes to a new file beside it,
 * made 600 before a byte is written, which then replaces the old one in one
 * rename: a reader sees the old secrets or the new, never half, and never a
 * moment of a wider mode. Makes the folder if needed.
 */
export function writeSecretFile(file: string, text: string): void {
  writeWholeSync(file, text, 0o600);
}

/**
 * Makes a file of secrets that is kept as it is (not rewritten) readable by
 * its owner only, if it is readable or writable by anyone else. A missing
 * file is left missing.
 */
export function keepPrivate(file: string): void {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats && (stats.mode & 0o077) !== 0) chmodSync(file, 0o600);
}
