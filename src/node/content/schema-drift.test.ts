// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { declarationOf } from '../../shared/blocks/catalogue.js';
import { siteWithBlocks } from './fixtures/raw-site.js';
import { normaliseSite } from './normalise.js';

/** A hero as a Strapi 5 CMS sends it: every field of its component, blank ones null. */
const fullHero = (): Record<string, unknown> => ({
  __component: 'blocks.hero',
  id: 3,
  ...Object.fromEntries(Object.keys(declarationOf('blocks.hero', 'block')!.fields).map((key) => [key, null])),
  title: 'Where the tide sets the pace',
  countries: null,
});

const run = (block: Record<string, unknown>, source: 'cms' | 'cache') => normaliseSite({ ...siteWithBlocks([block]), source }, { strict: false });

describe('schema drift: a field renamed in the CMS fails the build by name instead of leaving a block empty', () => {
  it('a CMS block without a declared field and with one the build does not know is an error naming both, and is left out', () => {
    const hero = fullHero();
    delete hero.title;
    hero.heading = 'Where the tide sets the pace';
    const { issues, content } = run(hero, 'cms');
    expect(issues).toMatchObject([
      {
        severity: 'error',
        code: 'SchemaDrift',
        field: 'blocks[0]',
        message: 'The CMS\'s blocks.hero has no "title", which the build expected, and sends "heading", which the build does not know',
      },
    ]);
    expect(content.pages[0]!.blocks).toEqual([]);
  });

  it('blank fields (null) are not drift, nor are extra fields alone (the content contract ignores them)', () => {
    expect(run(fullHero(), 'cms').issues).toEqual([]);
    expect(run({ ...fullHero(), analyticsId: 'x' }, 'cms').issues).toEqual([]);
  });

  it('a cache (written by hand, fields left out) is not held to it', () => {
    expect(run({ __component: 'blocks.hero', heading: 'x' }, 'cache').issues).toEqual([]);
  });
});
