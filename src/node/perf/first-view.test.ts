// @vitest-environment node
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatFirstView, measureFirstView, overBudget } from './first-view.js';

async function site(files: Record<string, string>): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'marea-first-view-'));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), content);
  }
  return dist;
}
const gz = (text: string) => gzipSync(text, { level: 9 }).length;
const entry = 'console.log("entry");'.repeat(20);
const block = 'export const block = 1;';
const css = 'body{margin:0}';

describe('first-view weight (npm run bench:size, the budget test)', () => {
  it('counts the entry script and every modulepreload once, and the stylesheets, per page', async () => {
    const dist = await site({
      'assets/index.js': entry,
      'assets/block.js': block,
      'assets/style.css': css,
      'index.html': `<link rel="stylesheet" href="/assets/style.css"><script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/block.js"><link rel="modulepreload" href="/assets/block.js" fetchpriority="low">`,
      'es/terms.html': `<script type="module" src="/assets/index.js"></script>`,
      'builds/old/index.html': '<script type="module" src="/assets/nope.js"></script>',
    });
    expect(measureFirstView(dist)).toEqual([
      { page: 'index.html', js: gz(entry) + gz(block), css: gz(css), files: 2 },
      { page: path.join('es', 'terms.html'), js: gz(entry), css: 0, files: 1 },
    ]);
  });

  it('names the pages over either budget, and the table says which', async () => {
    const rows = [
      { page: 'a.html', js: 200, css: 10, files: 3 },
      { page: 'b.html', js: 50, css: 90, files: 1 },
      { page: 'c.html', js: 50, css: 10, files: 1 },
    ];
    const budget = { js: 100, css: 50 };
    expect(overBudget(rows, budget).map((r) => r.page)).toEqual(['a.html', 'b.html']);
    const table = formatFirstView(rows, budget);
    expect(table).toMatch(/a\.html .* JS over budget/);
    expect(table).toMatch(/b\.html .* CSS over budget/);
    expect(table).toContain('3 pages; heaviest first view 0.2 KB; median 0.0 KB; budget 0.1 KB JS, 0.0 KB CSS; 2 over budget');
  });
});
