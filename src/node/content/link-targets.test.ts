// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { siteWithBlocks } from './fixtures/raw-site.js';
import { normaliseSite } from './normalise.js';

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
