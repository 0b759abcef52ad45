import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A temporary site whose every file's body is `file:<its path>`, so an answer names the file that was served. */
export async function markedSite(files: readonly string[]): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'marea-site-'));
  for (const file of files) {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), `file:${file}`);
  }
  return dist;
}
