// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normaliseSite } from './normalise.js';
import { unsafeProtocol } from './urls.js';
import { siteWithBlocks } from './fixtures/raw-site.js';

const hero = (cta: unknown) => ({ __component: 'blocks.hero', id: 1, title: 'Hi', cta });

function propsOf(blocks: unknown[], slug = 'home') {
  const { content, issues } = normaliseSite(siteWithBlocks(blocks, slug), { strict: false });
  return { blocks: content.pages[0]!.blocks, issues };
}

describe('links', () => {
  it('reads internal links locale-relative: slashes stripped, hash kept apart', () => {
    const { blocks } = propsOf([hero({ id: 2, label: 'Suite', slug: '/rooms/deluxe/#pool' }), hero({ label: 'Home', slug: '/' })]);
    expect(blocks[0]!.props.cta).toEqual({ kind: 'internal', label: 'Suite', slug: 'rooms/deluxe', hash: 'pool' });
    expect(blocks[1]!.props.cta).toEqual({ kind: 'internal', label: 'Home', slug: 'home' });
  });

  it('reads external and modal links; a modal wins over a slug, a slug over a url', () => {
    const { blocks } = propsOf([
      hero({ label: 'Out', url: 'https://a.example', external: true }),
      hero({ label: 'Open', modal: 'deluxe-suite', slug: 'x', url: null }),
      hero({ label: 'Open', modal: { id: 3, modalName: 'spa' } }),
      hero({ label: 'Both', slug: 'rooms', url: 'https://a.example' }),
    ]);
    expect(blocks.map((b) => b.props.cta)).toEqual([
      { kind: 'external', label: 'Out', url: 'https://a.example' },
      { kind: 'modal', label: 'Open', modal: 'deluxe-suite' },
      { kind: 'modal', label: 'Open', modal: 'spa' },
      { kind: 'internal', label: 'Both', slug: 'rooms' },
    ]);
  });

  it('keeps nav children as links', () => {
    const { blocks } = propsOf([{ __component: 'blocks.header', nav: [{ label: 'Rooms', slug: 'rooms', children: [{ id: 1, label: 'Suite', slug: 'rooms/suite' }] }] }]);
    expect(blocks[0]!.props.nav).toEqual([{ kind: 'internal', label: 'Rooms', slug: 'rooms', children: [{ kind: 'internal', label: 'Suite', slug: 'rooms/suite' }] }]);
  });

  it('a navigation link with no children (Strapi sends []) has no `children`, as one the CMS sent without', () => {
    const { blocks } = propsOf([
      {
        __component: 'blocks.header',
        nav: [
          { label: 'Rooms', slug: 'rooms', children: [] },
          { label: 'Spa', slug: 'spa' },
        ],
      },
    ]);
    expect(blocks[0]!.props.nav).toEqual([
      { kind: 'internal', label: 'Rooms', slug: 'rooms' },
      { kind: 'internal', label: 'Spa', slug: 'spa' },
    ]);
  });

  it('reports a link without a target and leaves it out', () => {
    const { blocks, issues } = propsOf([hero({ label: 'Nothing', slug: null, url: '' })]);
    expect(blocks[0]!.props.cta).toBeUndefined();
    expect(issues).toMatchObject([{ code: 'IncompleteLink', severity: 'warning', field: 'blocks[0].cta' }]);
  });
});

describe('rule 23: unsafe CMS links are dropped with a warning', () => {
  const unsafe: Array<[string, string]> = [
    ['javascript:alert(1)', 'javascript:'],
    [' JaVaScRiPt:alert(1)', 'javascript:'],
    ['\u0001\tjavascript:alert(1)', 'javascript:'],
    ['java&#x09;script:alert(1)', 'javascript:'],
    ['jav&#97;script&colon;alert(1)', 'javascript:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['vbscript:msgbox(1)', 'vbscript:'],
    ['blob:https://evil.example/1', 'blob:'],
    ['BLOB:x', 'blob:'],
  ];

  it.each(unsafe)('sees %j as %s', (url, protocol) => {
    expect(unsafeProtocol(url)).toBe(protocol);
  });

  it.each(['https://a.example', 'http://a.example', 'mailto:a@b.c', 'tel:+521', '/rooms', 'rooms/suite', '#top', '?a=1', ''])('accepts %j', (url) => {
    expect(unsafeProtocol(url)).toBeNull();
  });

  it.each(unsafe)('drops a cta with %j: the prop is left out, the warning names page, block and field', (url, protocol) => {
    const { blocks, issues } = propsOf([{ __component: 'blocks.wysiwyg', body: 'x' }, hero({ label: 'Go', url })], 'rooms/suite');
    expect(blocks[1]!.props.cta).toBeUndefined();
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'UnsafeLink',
        entity: 'page',
        locale: 'en',
        slug: 'rooms/suite',
        position: 1,
        component: 'blocks.hero',
        field: 'blocks[1].cta.url',
        message: expect.stringContaining(`'${protocol}'`),
      }),
    ]);
  });

  it('removes an unsafe link from its list and leaves out an unsafe url field', () => {
    const footer = {
      __component: 'blocks.footer',
      columns: [
        {
          id: 1,
          title: 'A',
          links: [
            { label: 'ok', url: 'https://a.example' },
            { label: 'bad', url: 'vbscript:x' },
          ],
        },
      ],
      social: [{ id: 2, network: 'x', url: 'data:text/html,hi' }],
    };
    const booking = { __component: 'blocks.booking', promocodes: [], groupsUrl: 'javascript:void(0)', engineUrl: 'https://b.example/?r={resort}' };
    const { blocks, issues } = propsOf([footer, booking]);
    expect(blocks[0]!.props.columns).toEqual([{ title: 'A', links: [{ kind: 'external', label: 'ok', url: 'https://a.example' }] }]);
    expect(blocks[0]!.props.social).toEqual([{ network: 'x' }]);
    expect(blocks[1]!.props.groupsUrl).toBeUndefined();
    expect(issues.map((i) => [i.code, i.field])).toEqual([
      ['UnsafeLink', 'blocks[0].columns[0].links[1].url'],
      ['UnsafeLink', 'blocks[0].social[0].url'],
      ['UnsafeLink', 'blocks[1].groupsUrl'],
    ]);
  });

  it('leaves plain text that merely starts with a word and a colon alone', () => {
    const { blocks, issues } = propsOf([{ __component: 'blocks.timer', title: 'Data: 3 pools', expiredText: 'Blob: gone' }]);
    expect(blocks[0]!.props).toEqual({ title: 'Data: 3 pools', expiredText: 'Blob: gone' });
    expect(issues).toEqual([]);
  });
});
