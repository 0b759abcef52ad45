// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments, configuration and pages cite documents by file and section: `docs/publishing.md`,
 * `docs/architecture.md, "Zones"`, `README, "Quick start"`. A section moves or is
 * renamed, and the citation would lead nowhere: every cited page must exist and have a heading
 * (or a bold phrase) that starts with the cited name.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function files(): string[] {
  const walk = (dir: string, pattern: RegExp) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => pattern.test(file) && !file.split(path.sep).some((part) => ['node_modules', 'generated', 'build', 'dist'].includes(part)))
      .map((file) => path.join(dir, file));
  const code = ['src', 'scripts', 'netlify', 'test', 'cms/src', 'cms/config'].flatMap((dir) => walk(dir, /\.(tsx?|m?js|jsx|css)$/));
  return [...code, ...walk('docs', /^[^/]+\.md$/), 'README.md', 'eslint.config.js', 'netlify.toml', '.ci/run'];
}

/** A comment's lines joined: `"What a page is made\n * of"` reads as one citation. */
const joined = (text: string) => text.replace(/\s*\n\s*(?:\*(?!\/)|\/\/|#)?\s*/g, ' ');

/** A page's headings, and its bold phrases (`**Blocks set aside.**`, `**Strapi 4**`): sections too. */
function headings(file: string): string[] {
  const text = read(file);
  const titles = [...text.matchAll(/^#{1,4}\s+(.+)$/gm)].map((m) => m[1]!);
  const bold = [...text.matchAll(/\*\*([^*]+?)\.?\*\*/g)].map((m) => m[1]!);
  return [...titles, ...bold].map((h) => h.replace(/`/g, '').trim());
}

describe('citations of documents by section', () => {
  const cited = files().flatMap((file) =>
    [...joined(read(file)).matchAll(/\b(docs\/[\w-]+\.md|README)(?:\.md)?,? "([^"]+)"/g)].map((m) => ({ file, doc: m[1] === 'README' ? 'README.md' : m[1]!, section: m[2]! })),
  );

  it('name pages that exist', () => {
    expect(cited.filter((c) => !existsSync(path.join(root, c.doc))).map((c) => `${c.file}: ${c.doc}`)).toEqual([]);
  });

  it('name a section the page has', () => {
    const bad = cited.filter((c) => existsSync(path.join(root, c.doc)) && !headings(c.doc).some((h) => h.startsWith(c.section.replace(/`/g, ''))));
    expect(bad.map((c) => `${c.file}: ${c.doc}, "${c.section}"`)).toEqual([]);
  });
});
