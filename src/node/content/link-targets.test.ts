// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { page, rawSite, siteWithBlocks } from './fixtures/raw-site.js';
import { normaliseSite } from './normalise.js';
import { checkLinkTargets, internalLinks, linkTargetsText } from './link-targets.js';
import type { Issue } from './context.js';
import type { Page, SiteContent } from '../../shared/model.js';

const hero = (slug: string) => ({ __component: 'blocks.hero', title: 'Hi', cta: { label: 'Go', slug } });
const footer = (slug: string) => ({ __component: 'blocks.footer', columns: [{ title: 'Help', links: [{ label: 'Contact', slug }] }] });
const issuesOf = (blocks: unknown[]) => normaliseSite(siteWithBlocks(blocks), { strict: false }).issues.filter((i) => i.code === 'UnknownLinkTarget');

describe('internal links to a page the locale does not have (unpublished, renamed, untranslated)', () => {
  it('warn, naming the page, block and field of the link and the slug it names', () => {
    expect(issuesOf([hero('contacto')])).toMatchObject([
      {
        severity: 'warning',
        entity: 'page',
        locale: 'en',
        slug: 'home',
        position: 0,
        field: 'blocks[0].cta',
        message: 'Link to "contacto" matches no page in this locale; it leads to the 404 page',
      },
    ]);
  });

  it('find links at any depth of a block (a footer column’s links)', () => {
    expect(issuesOf([footer('gone')]).map((i) => i.field)).toEqual(['blocks[0].columns[0].links[0]']);
  });

  it('stay quiet for existing pages, the home page, list pages of an existing page and links with a query or hash', () => {
    expect(issuesOf([hero('home'), hero('page/2'), hero('home?x=1'), hero('home#top'), footer('home')])).toEqual([]);
  });
});

describe('links inside rich text are site paths, checked in the page’s language', () => {
  const text = (html: string) => ({ __component: 'blocks.wysiwyg', body: html });
  const spanish = (html: string) =>
    normaliseSite(
      rawSite({
        pages: {
          en: [page('home'), page('rooms')],
          es: [page('home', [text(html)], { id: 2, locale: 'es-MX' }), page('habitaciones', [], { id: 3, locale: 'es-MX' })],
        },
      }),
      { strict: false },
    ).issues.filter((i) => i.code === 'UnknownLinkTarget' || i.code === 'OtherLocaleLink');

  it('a Spanish page linking the English path of its own page warns, with the Spanish path as the fix, naming page, block and field', () => {
    expect(spanish('<p>See <a href="/habitaciones">our rooms</a></p>')).toMatchObject([
      {
        code: 'OtherLocaleLink',
        severity: 'warning',
        entity: 'page',
        locale: 'es',
        slug: 'home',
        documentId: 'doc-home',
        position: 0,
        component: 'blocks.wysiwyg',
        field: 'blocks[0].body',
        message: 'Link to "/habitaciones" goes to the English site, not to a page in this page\'s language',
        hint: 'Link to "/es/habitaciones" instead: that is the page in this page\'s language.',
      },
    ]);
  });

  it('a path of the other language that exists there still warns, without a suggestion when this language lacks it', () => {
    const [issue] = spanish('<p><a href="/rooms?x=1#top">rooms</a></p>');
    expect(issue).toMatchObject({ code: 'OtherLocaleLink', message: expect.stringContaining('"/rooms"') as string });
    expect(issue!.hint).toMatch(/Start the path with this language's prefix/);
  });

  it('a path of the page’s own language that matches no page is a dead link', () => {
    expect(spanish('<p><a href="/es/gone">x</a></p>')).toMatchObject([
      { code: 'UnknownLinkTarget', field: 'blocks[0].body', message: expect.stringContaining('"/es/gone"') as string },
    ]);
  });

  it('stay quiet for its own pages, list pages, external links, anchors and files', () => {
    const html =
      '<p><a href="/es/habitaciones">a</a> <a href="/es">b</a> <a href="/es/page/2?x=1&amp;y=2">c</a> <a href="https://example.com/rooms">d</a> <a href="#modal=spa">e</a> <a href="/assets/media/brochure.abc.pdf">f</a> <a href="//cdn.example/x">g</a></p>';
    expect(spanish(html)).toEqual([]);
  });
});

describe('modal references: links and fields that open a modal by name', () => {
  const issuesWith = (blocks: unknown[]) =>
    normaliseSite(rawSite({ pages: { en: [page('home', blocks)], es: [] }, modals: { en: [{ id: 1, modalName: 'spa', dynZone: [] }], es: [] } }), { strict: false }).issues.filter(
      (i) => i.code === 'UnknownModal',
    );

  it('a button, a rich-text #modal= link and the booking widget’s groups modal naming no modal of the locale warn, with the field', () => {
    const issues = issuesWith([
      { __component: 'blocks.hero', title: 'Hi', cta: { label: 'Open', modal: 'gone' } },
      { __component: 'blocks.wysiwyg', body: '<p><a href="#modal=vanished&amp;x=1">x</a></p>' },
      { __component: 'blocks.booking', groupsModal: 'lost' },
    ]);
    expect(issues.map((i) => [i.field, i.message])).toEqual([
      ['blocks[0].cta', 'Link opens the modal "gone", which this locale does not have; it opens nothing'],
      ['blocks[1].body', 'Link opens the modal "vanished", which this locale does not have; it opens nothing'],
      ['blocks[2].groupsModal', 'Link opens the modal "lost", which this locale does not have; it opens nothing'],
    ]);
    expect(issues[0]).toMatchObject({ severity: 'warning', entity: 'page', locale: 'en', slug: 'home', position: 0 });
  });

  it('stay quiet for modals the locale has', () => {
    const issues = issuesWith([
      { __component: 'blocks.hero', title: 'Hi', cta: { label: 'Open', modal: 'spa' } },
      { __component: 'blocks.wysiwyg', body: '<p><a href="#modal=spa">x</a></p>' },
      { __component: 'blocks.booking', groupsModal: 'spa' },
    ]);
    expect(issues).toEqual([]);
  });
});

describe('a page whose blocks a normalise thread set aside', () => {
  it('is checked from what its links lead to, and where they are is read once for all its reported links', () => {
    const { content } = normaliseSite(siteWithBlocks([hero('gone'), footer('lost'), hero('home')]), { strict: false });
    const home = content.pages.find((p) => p.locale === 'en' && p.slug === 'home')!;
    const links = internalLinks('blocks', home.blocks);
    const where = vi.fn(() => links);
    const issues: Issue[] = [];
    checkLinkTargets(
      content,
      (entity, locale) => ({ strict: false, issues, entity, locale }),
      undefined,
      (p) => (p === home ? { targets: linkTargetsText(links), where, hash: 'h' } : undefined),
    );
    expect(issues.filter((i) => i.code === 'UnknownLinkTarget' && i.slug === 'home').map((i) => i.field)).toEqual(['blocks[0].cta', 'blocks[1].columns[0].links[0]']);
    expect(where).toHaveBeenCalledTimes(1);
  });

  it('is not checked again when an earlier build found its blocks clean under the same slugs and modals, and is checked when they changed', () => {
    const { content } = normaliseSite(siteWithBlocks([hero('gone'), hero('home')]), { strict: false });
    const home = content.pages.find((p) => p.locale === 'en' && p.slug === 'home')!;
    const dead = linkTargetsText(internalLinks('blocks', home.blocks));
    let targets = dead;
    const aside = (p: Page) => (p === home ? { targets, where: () => internalLinks('blocks', home.blocks), hash: 'blocks-hash' } : undefined);
    const recorded = new Map<string, Set<string>>();
    const clean = {
      has: (key: string, hash: string) => recorded.get(key)?.has(hash) ?? false,
      add: (key: string, hash: string) => void recorded.set(key, (recorded.get(key) ?? new Set()).add(hash)),
    };
    const check = (of: SiteContent) => {
      const issues: Issue[] = [];
      checkLinkTargets(of, (entity, locale) => ({ strict: false, issues, entity, locale }), undefined, aside, clean);
      return issues.filter((i) => i.slug === 'home' && i.locale === 'en').map((i) => i.code);
    };
    // A page with a finding is never recorded clean: its warning comes with every build.
    expect(check(content)).toEqual(['UnknownLinkTarget']);
    expect(recorded.size).toBe(0);
    // Blocks whose every link leads somewhere are recorded under the locale and its signature…
    targets = linkTargetsText([]);
    expect(check(content)).toEqual([]);
    expect([...recorded.keys()]).toEqual([expect.stringMatching(/^en /)]);
    // …and not read again while the slugs and modals are the same: what the targets say is not looked at.
    targets = dead;
    expect(check(content)).toEqual([]);
    // Another page among the slugs: another signature, so the page is checked again.
    expect(check({ ...content, pages: [...content.pages, { ...home, slug: 'new-page', path: '/new-page' }] })).toEqual(['UnknownLinkTarget']);
  });
});
