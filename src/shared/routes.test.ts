// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  htmlFile,
  isRoutableSlug,
  linkSlugProblem,
  linkHref,
  listPageSlug,
  modalsFile,
  modalsUrl,
  normalizePath,
  pagePath,
  PAGE_ROUTES,
  parsePath,
  payloadFile,
  payloadUrl,
  slugProblem,
  SLUG_PATTERN,
} from './routes.js';

describe('rule 2: route names carry the locale', () => {
  it('names routes with ___', () => {
    expect(PAGE_ROUTES.map((route) => route.id)).toEqual(['index___en', 'index___es', 'slug___es', 'slug___en']);
  });
});

describe('rule 3: trailing slashes', () => {
  it.each([
    ['/rooms/', '/rooms'],
    ['/rooms', '/rooms'],
    ['/', '/'],
    ['', '/'],
    ['/es/', '/es'],
  ])('%s → %s', (input, output) => expect(normalizePath(input)).toBe(output));
});

describe('rule 4: links carry the query string', () => {
  it('builds English and Spanish links', () => {
    expect(linkHref('en', 'rooms/deluxe', '?utm_source=x')).toBe('/rooms/deluxe?utm_source=x');
    expect(linkHref('es', 'habitaciones', 'a=1', 'top')).toBe('/es/habitaciones?a=1#top');
    expect(linkHref('en', 'home', '')).toBe('/');
    expect(linkHref('es', 'home', '?a=1')).toBe('/es?a=1');
  });
});

describe('rule 5: slug validation and files', () => {
  it.each([
    ['rooms', null],
    ['rooms/ocean-view-suite', null],
    ['Rooms', 'characters'],
    ['rooms//x', 'empty segment'],
    ['/rooms', 'empty segment'],
    ['rooms/', 'empty segment'],
    ['es/x', 'reserved'],
    ['builds', 'reserved'],
    ['assets/x', 'reserved'],
    ['404', 'reserved'],
    ['blog/page/2', 'page/{n}'],
    ['café', 'characters'],
    ['', 'empty'],
  ])('%s → %s', (slug, problem) => {
    const found = slugProblem(slug);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });

  it.each(['rooms', 'rooms/ocean-view-suite', 'Rooms', 'rooms//x', '/rooms', 'rooms/', 'café', '', 'a-1/b_2', 'es/x'])(
    'SLUG_PATTERN (the CMS schema check) accepts %j exactly when slugProblem finds no character or segment problem',
    (slug) => {
      const problem = slugProblem(slug);
      const shapeProblem = problem !== null && !problem.includes('reserved') && !problem.includes('page/{n}');
      expect(SLUG_PATTERN.test(slug)).toBe(!shapeProblem);
    },
  );

  it('maps paths to html and payload files', () => {
    expect(htmlFile('/')).toBe('index.html');
    expect(htmlFile('/es')).toBe('es.html');
    expect(htmlFile('/rooms/x/')).toBe('rooms/x.html');
    expect(payloadFile('/')).toBe('_payload.json');
    expect(payloadFile('/es')).toBe('es/_payload.json');
    expect(payloadFile('/es/habitaciones/suite')).toBe('es/habitaciones/suite/_payload.json');
  });

  it('rule 18: payload urls carry the build id', () => {
    expect(payloadUrl('/rooms', 'abc123')).toBe('/rooms/_payload.json?v=abc123');
  });

  it('pages and paths round-trip', () => {
    expect(pagePath('en', 'home')).toBe('/');
    expect(pagePath('es', 'home')).toBe('/es');
    expect(pagePath('es', 'habitaciones/suite')).toBe('/es/habitaciones/suite');
    expect(parsePath('/es/habitaciones/suite/?x=1')).toEqual({ locale: 'es', slug: 'habitaciones/suite' });
    expect(parsePath('/')).toEqual({ locale: 'en', slug: 'home' });
    expect(parsePath('/es')).toEqual({ locale: 'es', slug: 'home' });
  });
});

describe('list pages (content contract, blocks.pagination)', () => {
  it('page 1 is the page itself, later pages are {slug}/page/{n}, page/{n} on the home page', () => {
    expect(listPageSlug('blog', 1)).toBe('blog');
    expect(listPageSlug('blog', 3)).toBe('blog/page/3');
    expect(listPageSlug('home', 2)).toBe('page/2');
  });

  it('routes list pages ≥ 2 of valid slugs, nothing else under page/{n}', () => {
    expect(isRoutableSlug('blog/page/2')).toBe(true);
    expect(isRoutableSlug('page/2')).toBe(true);
    expect(isRoutableSlug('a/b/page/12')).toBe(true);
    expect(isRoutableSlug('blog/page/1')).toBe(false);
    expect(isRoutableSlug('blog/page/0')).toBe(false);
    expect(isRoutableSlug('Blog/page/2')).toBe(false);
    expect(isRoutableSlug('es/page/2')).toBe(false);
    expect(isRoutableSlug('home')).toBe(true);
    expect(isRoutableSlug('rooms//x')).toBe(false);
  });
});

describe("the locale's modals file", () => {
  it('lives beside the pages of its locale and is keyed by build id (rule 18)', () => {
    expect(modalsFile('en')).toBe('_modals.json');
    expect(modalsFile('es')).toBe('es/_modals.json');
    expect(modalsUrl('es', 'b 1')).toBe('/es/_modals.json?v=b%201');
  });
});

describe('slugs that file systems and browsers cannot take', () => {
  it('a slug fits every file system: at most 100 characters per segment (255-byte names with .html or /_payload.json) and 400 in all', () => {
    expect(slugProblem('a'.repeat(100))).toBeNull();
    expect(slugProblem('a'.repeat(101))).toBe('has a segment of 101 characters (at most 100: it becomes a file name)');
    expect(slugProblem('a'.repeat(300))).toMatch(/^has a segment of 300 characters/);
    const long = Array.from({ length: 5 }, () => 'b'.repeat(90)).join('/');
    expect(slugProblem(long)).toBe(`has ${long.length} characters (at most 400)`);
    // The longest accepted slug's file names stay under 255 bytes.
    expect(Buffer.byteLength(`${'a'.repeat(100)}.html`)).toBeLessThan(255);
  });

  it('a link slug with a backslash, a control character, a leading "//" or a scheme is not an internal link', () => {
    expect(
      ['\\evil.example', '/\\evil.example', '//evil.example', 'https://evil.example', 'mailto:x@y.example', 'a\u0000b', 'a b', '\u2028x'].map((s) => [
        s,
        linkSlugProblem(s) !== null,
      ]),
    ).toEqual(['\\evil.example', '/\\evil.example', '//evil.example', 'https://evil.example', 'mailto:x@y.example', 'a\u0000b', 'a b', '\u2028x'].map((s) => [s, true]));
    for (const ok of ['rooms', '/rooms/deluxe', 'rooms#gallery', 'blog?tag=spa', 'home']) expect(linkSlugProblem(ok)).toBeNull();
  });
});
