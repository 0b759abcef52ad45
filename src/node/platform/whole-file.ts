import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/** The file `writeWholeSync` writes before renaming it over `file`: one per process and thread, as a sync write is never interleaved with another in its thread. */
export const temporaryOf = (file: string): string => `${file}.${process.pid}-${threadId}.tmp`;

/**
 * Writes `data` to `file` whole or not at all: to a new file beside it,
 * renamed over it (rename(2) is atomic), so a reader sees the old bytes or
 * the new, never half. Makes the folder if needed; the temporary file is
 * removed when the write fails. With `mode` (a file of secrets), the
 * temporary file is made with that mode before a byte is written, and one a
 * killed run left under the same name is removed first, not reused with its
 * mode.
 */
export function writeWholeSync(file: string, data: string | Uint8Array, mode?: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = temporaryOf(file);
  try {
    if (mode === undefined) writeFileSync(temporary, data);
    else {
      rmSync(temporary, { force: true });
      // `wx` and then chmod: `mode` applies only when the file is created, and the umask narrows it.
      writeFileSync(temporary, data, { mode, flag: 'wx' });
      chmodSync(temporary, mode);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
