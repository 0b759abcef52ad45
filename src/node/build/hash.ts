import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

export function sha256(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

/** Every file under `dir` (recursively), relative, sorted: a deterministic walk. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(current: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(path.relative(dir, full));
    }
  }
  await walk(dir);
  return out.sort();
}

/** A hash of the named files and folders under `root` (names and bytes), order-independent of the file system. */
export async function hashInputs(root: string, inputs: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    const files = (await listFiles(full)).map((f) => path.join(input, f));
    const list = files.length > 0 ? files : [input];
    for (const file of list) {
      try {
        hash
          .update(file)
          .update('\0')
          .update(await readFile(path.join(root, file)))
          .update('\0');
      } catch {
        hash.update(file).update('\0missing\0');
      }
    }
  }
  return hash.digest('hex');
}
