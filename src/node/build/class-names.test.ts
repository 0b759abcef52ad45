// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { classNameMap, leftoverNames, renameCode, renameCss, SERVER_SELECTORS, serverSelectors } from './class-names.js';
import { ROOT } from './paths.js';

let root: string;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** A project whose src/client holds `files`. */
async function project(files: Record<string, string>): Promise<string> {
  root = await mkdtemp(path.join(tmpdir(), 'marea-class-names-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, 'src/client', file)), { recursive: true });
    await writeFile(path.join(root, 'src/client', file), text);
  }
  return root;
}

describe('short class names (class-names.ts, docs/performance.md "What a page is made of")', () => {
  it('maps every BEM element and modifier and every class of two words or more a stylesheet selects, the repeated elements first; one-word classes stay', async () => {
    const map = classNameMap(
      await project({
        'blocks/hero/hero.css': '.hero { } .hero__title, .hero__media:hover { } /* .hero__comment */ .button--primary { }',
        'styles/base.css': '.visually-hidden { } .a { } .x { margin: 0.5rem; background: url(/images/wave.svg) }',
        'blocks/hero/Hero.tsx': 'export const Hero = () => <h1 className="hero__title" />;',
      }),
    );
    // The classes of repeated elements first (REPEATED), then by name; `a` and `x` are classes of a stylesheet: never a short name.
    expect([...map]).toEqual([
      ['visually-hidden', 'b'],
      ['button--primary', 'c'],
      ['hero__media', 'd'],
      ['hero__title', 'e'],
    ]);
  });

  it('leaves a family whose names the code builds at run time (`hero--${height}`, `"timer__unit--" + unit`, `icon-${name}`): the browser has no map', async () => {
    const map = classNameMap(
      await project({
        'blocks/hero/hero.css': '.hero--full { } .hero--half { } .timer__unit--days { } .hero__title { } .button--primary { } .icon-sun { } .rich-text { }',
        'blocks/hero/Hero.tsx': 'const a = `hero hero--${height}`; const b = "timer__unit--" + unit; const id = `${uid}-button-${i}`; const c = `icon-${name}`;',
        // Tests and fixtures are not in the bundles: what they build does not count.
        'blocks/hero/Hero.test.tsx': 'const c = `hero__title--${x}`;',
      }),
    );
    // `button-` builds ids, not a BEM family: `button--primary` stays mapped; `icon-` builds a hyphenated family.
    expect([...map.keys()]).toEqual(['rich-text', 'button--primary', 'hero__title']);
  });

  it('leaves the classes that code outside the bundles names in a selector (the draft preview hides the cookie notice by its class)', async () => {
    const dir = await project({ 'blocks/notice/notice.css': '.cookie-notice { } .offer-toast { } .hero__title { }' });
    await mkdir(path.join(dir, 'src/node/webhook'), { recursive: true });
    await writeFile(path.join(dir, 'src/node/webhook/preview.ts'), "export const STYLE = '.cookie-notice{display:none}'; const name = 'blocks.offer-toast';");
    expect([...classNameMap(dir).keys()]).toEqual(['hero__title', 'offer-toast']);
  });

  it('no server code but SERVER_SELECTORS names a class of the client in a selector (its class would be renamed under it)', () => {
    const css = new Set(
      readdirSync(path.join(ROOT, 'src/client'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.css'))
        .flatMap((file) => [...readFileSync(path.join(ROOT, 'src/client', file), 'utf8').matchAll(/\.([A-Za-z][\w-]*)/g)].map((m) => m[1]!)),
    );
    const server = ['src/node', 'src/shared', 'netlify'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(?:ts|js|mjs)$/.test(file) && !/\.test\.ts$/.test(file))
        .map((file) => `${dir}/${file}`)
        .filter((file) => !SERVER_SELECTORS.includes(file) && file !== 'src/node/build/class-names.ts'),
    );
    const named = server.flatMap((file) =>
      serverSelectors(ROOT, [file])
        .filter((name) => css.has(name) && /-|__/.test(name))
        .map((name) => `${file}: .${name}`),
    );
    expect(named).toEqual([]);
  });

  const map = new Map([
    ['hero__title', 'a'],
    ['carousel__slide', 'b'],
    ['button--primary', 'c'],
    ['rich-text', 'd'],
    ['offer-toast', 'e'],
  ]);

  it('renames class selectors in CSS, not other text', () => {
    expect(renameCss('.hero__title,.hero .hero__title-x:hover{margin:.5rem}.button--primary>.hero__title{}', map)).toBe('.a,.hero .hero__title-x:hover{margin:.5rem}.c>.a{}');
  });

  it('renames whole tokens in code (class attributes, selectors, template literals), never part of a longer name or a key', () => {
    const code = [
      'className: "button button--primary hero__title"',
      "closest('.carousel__slide')",
      'className: `carousel__slide${active ? " is-active" : ""}`',
      "'blocks.hero', 'hero__title-x', 'x-hero__title', $hero__title, '--hero__title'",
    ].join('\n');
    expect(renameCode(code, map)).toBe(
      [
        'className: "button c a"',
        "closest('.b')",
        'className: `b${active ? " is-active" : ""}`',
        "'blocks.hero', 'hero__title-x', 'x-hero__title', $hero__title, '--hero__title'",
      ].join('\n'),
    );
  });

  it('renames a class of two words where the code names it as a class, not in a path, a key or a member', () => {
    const code = [
      "className: ['rich-text', className].join(' ')",
      "querySelectorAll('.offer-toast')",
      "import './offer-toast.css'; import('./rich-text.js')",
      "'blocks.offer-toast', `marea:offer-toast:${key}`, t('offer-toast.close'), x.offer-toast",
    ].join('\n');
    expect(renameCode(code, map)).toBe(
      [
        "className: ['d', className].join(' ')",
        "querySelectorAll('.e')",
        "import './offer-toast.css'; import('./rich-text.js')",
        "'blocks.offer-toast', `marea:offer-toast:${key}`, t('offer-toast.close'), x.offer-toast",
      ].join('\n'),
    );
  });

  it('finds the mapped names a published file still holds', () => {
    expect(leftoverNames('x("hero__title");y(".a .b__c .carousel__slide");z("rich-text","blocks.offer-toast")', map)).toEqual(['hero__title', 'carousel__slide', 'rich-text']);
    expect(leftoverNames(renameCode('x("hero__title")', map), map)).toEqual([]);
  });
});
