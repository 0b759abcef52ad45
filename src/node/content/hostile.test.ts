// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { modalRefs } from '../build/resolve-page-data.js';
import { manifestFiles } from '../build/manifests.js';
import { MAX_DEPTH, tooDeep } from './depth.js';
import { patternVerdict } from './form-patterns.js';
import { toLink } from './links.js';
import { normaliseSite } from './normalise.js';
import { hasHtmlTag, richTextToHtml } from './richtext.js';
import { page, rawSite, siteWithBlocks, testContext } from './fixtures/raw-site.js';

const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

describe('hostile CMS content', () => {
  // Before the fix: 8–18 s, quadratic in the length (HTML detection scanned to the end from every `<`).
  it('a 120 KB body of "<a " renders in a fraction of the old time', { timeout: 4_000 }, () => {
    const ctx = testContext();
    const html = richTextToHtml('<a '.repeat(40_000), ctx, 'body');
    expect(typeof html).toBe('string');
    expect(ctx.issues).toEqual([]);
  });

  it('HTML detection gives the same answers as the old pattern', () => {
    const old = /<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>/i;
    for (const text of ['<p>x</p>', '</div>', '<br/>', '<a href="x">y</a>', '<a ', 'a < b > c', '<a <b', '2 < 3', '<a\n>', '<-x>', '<x-y >', 'x<y/ >', '**bold**', '<a b=">"'])
      expect([text, hasHtmlTag(text)]).toEqual([text, old.test(text)]);
  });

  it('Markdown beyond the emphasis or quote limits is a named content error, not a minutes-long build or a stack overflow', { timeout: 4_000 }, () => {
    const ctx = testContext();
    expect(richTextToHtml('_a'.repeat(40_000), ctx, 'body')).toBe('');
    expect(richTextToHtml('> '.repeat(5_000), ctx, 'body')).toBe('');
    expect(richTextToHtml('x'.repeat(300_000), ctx, 'body')).toBe('');
    expect(ctx.issues.map((i) => [i.code, i.severity, i.slug, i.field])).toEqual([
      ['RichTextTooLarge', 'error', 'home', 'body'],
      ['RichTextTooLarge', 'error', 'home', 'body'],
      ['RichTextTooLarge', 'error', 'home', 'body'],
    ]);
    expect(ctx.issues[0]!.message).toContain('40000 emphasis marks');
  });

  it('Strapi blocks nested too deep to render are a content error, not a crash', () => {
    let node: unknown = { type: 'text', text: 'deep' };
    for (let i = 0; i < 20_000; i++) node = { type: 'quote', children: [node] };
    const ctx = testContext();
    expect(richTextToHtml([node], ctx, 'body')).toBe('');
    expect(codes(ctx.issues)).toEqual(['RichTextTooLarge']);
  });

  it('a rich-text link to "#modal=%" is reported with its page and field, and the build reads the page', () => {
    const { content, issues } = normaliseSite(siteWithBlocks([{ __component: 'blocks.wysiwyg', body: '<p><a href="#modal=%">Open</a></p>' }], 'rooms'), { strict: false });
    expect(issues.find((i) => i.code === 'InvalidModalLink')).toMatchObject({ severity: 'warning', slug: 'rooms', locale: 'en', field: 'blocks[0].body' });
    expect(content.pages.find((p) => p.slug === 'rooms')!.blocks[0]!.props.body).toBe('<p><a>Open</a></p>');
    // And the build's modal scan no longer throws on such an href wherever it comes from.
    expect([...modalRefs({ text: 'href="#modal=%"' })]).toEqual(['%']);
  });

  it('a 300-character slug is a content error naming page, locale and field, not ENAMETOOLONG at write', () => {
    const slug = 'a'.repeat(300);
    const { content, issues } = normaliseSite(rawSite({ pages: { en: [page('home'), page(slug)], es: [page(`rooms/${'b'.repeat(101)}`)] } }), { strict: false });
    expect(issues.filter((i) => i.code === 'InvalidSlug').map((i) => [i.severity, i.locale, i.field, i.slug?.length])).toEqual([
      ['error', 'en', 'slug', 300],
      ['error', 'es', 'slug', 107],
    ]);
    expect(content.pages.map((p) => p.path)).toEqual(['/']);
  });

  it('a link slug "\\evil.example" (or "//", a scheme, a control character) is never an internal link', () => {
    for (const slug of ['\\evil.example', '/\\evil.example', '//evil.example', 'https://evil.example', 'javascript:alert(1)', 'rooms\u0000x', 'a\tb']) {
      const ctx = testContext();
      expect(toLink({ label: 'Go', slug }, ctx, 'cta')).toBeNull();
      expect(ctx.issues.map((i) => [i.code, i.field])).toEqual([['UnsafeLinkSlug', 'cta.slug']]);
    }
    const ok = testContext();
    expect(toLink({ label: 'Go', slug: '/rooms/deluxe#gallery' }, ok, 'cta')).toEqual({ kind: 'internal', label: 'Go', slug: 'rooms/deluxe', hash: 'gallery' });
    expect(ok.issues).toEqual([]);
  });

  it('external URLs are http(s), mailto, tel or site-relative only, without backslashes', () => {
    const kinds = [
      'https://a.example',
      'mailto:a@b.example',
      'tel:+5215550000',
      '/rooms',
      'ftp://files.example/x',
      'intent://x',
      '/\\evil.example',
      'https://a.example/\u0001',
    ].map((url) => {
      const ctx = testContext();
      return [url, toLink({ label: 'Go', url }, ctx, 'cta')?.kind ?? null, ctx.issues[0]?.code ?? null];
    });
    expect(kinds).toEqual([
      ['https://a.example', 'external', null],
      ['mailto:a@b.example', 'external', null],
      ['tel:+5215550000', 'external', null],
      ['/rooms', 'external', null],
      ['ftp://files.example/x', null, 'UnsupportedUrl'],
      ['intent://x', null, 'UnsupportedUrl'],
      ['/\\evil.example', null, 'UnsupportedUrl'],
      ['https://a.example/\u0001', null, 'UnsupportedUrl'],
    ]);
  });

  it('rich-text hrefs that browsers read as another site are removed', () => {
    const ctx = testContext();
    const html = richTextToHtml('<p><a href="/\\evil.example">a</a><a href="//evil.example">b</a><a href="/&#92;evil.example">c</a><a href="/rooms">d</a></p>', ctx, 'body');
    expect(html).toBe('<p><a>a</a><a>b</a><a>c</a><a href="/rooms">d</a></p>');
  });

  it('an updatedAt of "<!--" never reaches the sitemap; lastmod is a real date', () => {
    const { content, issues } = normaliseSite(
      rawSite({
        pages: {
          en: [page('home', [], { updatedAt: '<!--' }), page('rooms', [], { updatedAt: '2026-02-30T10:00:00.000Z' }), page('spa', [], { updatedAt: '2026-03-01T10:00:00.000Z' })],
          es: [],
        },
      }),
      {
        strict: false,
      },
    );
    expect(issues.filter((i) => i.code === 'InvalidDate').map((i) => [i.slug, i.field])).toEqual([
      ['home', 'updatedAt'],
      ['rooms', 'updatedAt'],
    ]);
    const sitemap = manifestFiles({ id: 'b1', timestamp: 't' }, content.pages, 'https://resort.example').find((f) => f.file === 'sitemap.xml')!.content as string;
    expect(sitemap).not.toContain('<!--');
    expect(sitemap.match(/<lastmod>[^<]*<\/lastmod>/g)).toEqual(['<lastmod>2026-03-01</lastmod>']);
    // Even a page that did not come through normalisation cannot put markup in the XML.
    const forged = { ...content.pages[0]!, updatedAt: '2026-01-01<!--' };
    expect(manifestFiles({ id: 'b1', timestamp: 't' }, [forged], 'https://resort.example')[2]!.content).not.toContain('<lastmod>');
  });

  it('a form pattern with catastrophic backtracking, or no pattern at all, fails the build naming form, field and page', () => {
    const form = {
      __component: 'blocks.form',
      name: 'contact',
      fields: [
        { name: 'zip', pattern: '(a+)+$' },
        { name: 'code', pattern: '(' },
        { name: 'phone', pattern: '[0-9+ ]{7,15}' },
      ],
    };
    const { issues } = normaliseSite(siteWithBlocks([form], 'contact-us'), { strict: false });
    const found = issues.filter((i) => i.code === 'UnsafeFormPattern');
    expect(found.map((i) => [i.severity, i.slug, i.locale, i.field])).toEqual([
      ['error', 'contact-us', 'en', 'blocks[0].fields[0].pattern'],
      ['error', 'contact-us', 'en', 'blocks[0].fields[1].pattern'],
    ]);
    expect(found[0]!.message).toMatch(/^Form "contact", field "zip": pattern the string "\(a\+\)\+\$" backtracks exponentially/);
    expect(found[1]!.message).toContain('is not a valid regular expression');
    // The usual quadratic e-mail pattern is fine: form values are short.
    expect(patternVerdict('[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}')).toBeNull();
    expect(patternVerdict('(a|a)*b')).toMatchObject({ kind: 'unsafe' });
  });

  it('JSON nested 20,000 deep is a named error, not a stack overflow', () => {
    let deep: unknown = { slug: 'x' };
    for (let i = 0; i < 20_000; i++) deep = { children: [deep] };
    const site = rawSite({
      pages: { en: [page('home'), page('rooms', [{ __component: 'blocks.wysiwyg', body: deep }])], es: [] },
      layout: { en: { header: [deep], footer: [] }, es: { header: [], footer: [] } },
      promoCodes: deep as never,
    });
    const { content, issues } = normaliseSite(site, { strict: false });
    const deepIssues = issues.filter((i) => i.code === 'ContentTooDeep');
    expect(deepIssues.map((i) => [i.severity, i.entity, i.locale, i.slug, i.field])).toEqual([
      ['error', 'page', 'en', 'rooms', 'data[1]'],
      ['error', 'layout', 'en', undefined, 'data'],
      ['error', 'promo-codes', undefined, undefined, 'data'],
    ]);
    expect(deepIssues[0]!.message).toMatch(/^Entry nests more than 64 levels deep \(at data\[1\]\.blocks\[0\]\.body\.children\[0\]/);
    expect(content.pages.map((p) => p.slug)).toEqual(['home']);
    expect(tooDeep(deep)).toMatch(/…$/);
    expect(tooDeep({ a: [[{ b: 1 }]] }, MAX_DEPTH)).toBeNull();
    // The path names the first value too deep, as the editor's report shows it.
    expect(tooDeep({ x: 1, a: [{ b: { c: {} } }] }, 3)).toBe('a[0].b…');
    expect(tooDeep([[[]]], 2)).toBe('[0][0]…');
  });
});
