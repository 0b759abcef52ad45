/**
 * First-view weight of the built site (`dist/`, run `npm run build` first):
 * for each page, the gzip (level 9) bytes of the JavaScript the browser
 * loads before hydration (the entry script plus every `modulepreload`) and
 * of its stylesheets. Budget: 130 KB of JavaScript on a first view.
 *
 *   npm run bench:size [-- --dist path] [--json]
 */
import '../src/node/platform/require-project-node.js';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const dist = path.resolve(args.includes('--dist') ? args[args.indexOf('--dist') + 1]! : 'dist');
const BUDGET = 130 * 1024;
const sizes = new Map<string, number>();

function gzipped(url: string): number {
  if (!sizes.has(url)) sizes.set(url, gzipSync(readFileSync(path.join(dist, url)), { level: 9 }).length);
  return sizes.get(url)!;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'assets' || name === 'builds') return [];
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

const rows = htmlFiles(dist).map((file) => {
  const html = readFileSync(file, 'utf8');
  const js = new Set([...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!));
  const css = new Set([...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!));
  const sum = (urls: Set<string>) => [...urls].reduce((total, url) => total + gzipped(url), 0);
  return { page: path.relative(dist, file), js: sum(js), css: sum(css), files: js.size };
});
rows.sort((a, b) => b.js - a.js);
if (args.includes('--json')) console.log(JSON.stringify(rows, null, 1));
else {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log('page'.padEnd(48), 'JS (gzip)'.padStart(10), 'files'.padStart(6), 'CSS'.padStart(9));
  for (const row of rows) console.log(row.page.padEnd(48), kb(row.js).padStart(10), String(row.files).padStart(6), kb(row.css).padStart(9), row.js > BUDGET ? '  over budget' : '');
  const over = rows.filter((r) => r.js > BUDGET).length;
  console.log(
    `\n${rows.length} pages; heaviest first view ${kb(rows[0]?.js ?? 0)}; median ${kb(rows[Math.floor(rows.length / 2)]?.js ?? 0)}; budget ${kb(BUDGET)}; ${over} over budget`,
  );
}
