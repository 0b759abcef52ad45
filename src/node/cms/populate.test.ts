// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { endpointUrl } from './client.js';
import { BLOCK_DECLARATIONS, MODAL_ITEM_DECLARATIONS } from '../../shared/blocks/catalogue.js';
import { populateParams } from './populate.js';
import { ENDPOINTS, type EndpointName } from './raw.js';

const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

describe('populateParams', () => {
  it("populates every block of the contract but the layout's own on the pages dynamic zone through an `on` fragment", () => {
    const params = new Map(populateParams('pages'));
    for (const { component, presentation } of BLOCK_DECLARATIONS) {
      const fragment = `populate[blocks][on][${component}][populate]`;
      // Strapi 5 answers 400 for a fragment of a component its page zone does not hold (the layout's blocks).
      expect(
        [...params.keys()].some((key) => key.startsWith(fragment)),
        component,
      ).toBe(!presentation.layoutOnly);
    }
    expect(params.get('populate[blocks][on][blocks.hero][populate]')).toBe('*');
    expect(params.get('populate[cover]')).toBe('true');
    expect(params.get('populate[seo][populate][metaImage]')).toBe('true');
    expect(params.get('populate[localizations]')).toBe('true');
  });

  it('reaches media, links and country targeting inside repeatable sub-components with a second level', () => {
    const params = new Map(populateParams('pages'));
    for (const [component, field] of [
      ['blocks.carousel', 'slides'], // media and a link per slide
      ['blocks.phone', 'numbers'], // geolocated: countries per number
      ['blocks.booking', 'promocodes'], // a relation whose entries have countries
    ]) {
      expect(params.get(`populate[blocks][on][${component}][populate][${field}][populate]`), component).toBe('*');
    }
    // Such a component names its other populated fields (Strapi cannot take `*` beside named fields) ...
    expect(params.get('populate[blocks][on][blocks.booking][populate][airports]')).toBe('true');
    expect(params.get('populate[blocks][on][blocks.carousel][populate][countries]')).toBe('true');
    expect(params.has('populate[blocks][on][blocks.carousel][populate]')).toBe(false);
    // ... and nothing else: plain fields come without asking (Strapi 5 answers 400 for a populated scalar).
    expect([...params.keys()].filter((key) => key.includes('[blocks.booking]'))).toEqual([
      'populate[blocks][on][blocks.booking][populate][airports]',
      'populate[blocks][on][blocks.booking][populate][resorts]',
      'populate[blocks][on][blocks.booking][populate][promocodes][populate]',
      'populate[blocks][on][blocks.booking][populate][countries]',
    ]);
    // One level is enough where items hold plain values and media sit on the block itself.
    for (const component of ['blocks.gallery', 'blocks.accordion', 'blocks.terms-list', 'blocks.hero']) {
      expect(params.get(`populate[blocks][on][${component}][populate]`), component).toBe('*');
    }
    // A form field's options are a repeatable component of their own: two levels.
    expect(params.get('populate[blocks][on][blocks.form][populate][fields][populate]')).toBe('*');
  });

  it('covers the layout zones, modals, error page and promo codes', () => {
    const layout = new Map(populateParams('layout'));
    expect(layout.get('populate[header][on][blocks.header][populate][nav][populate]')).toBe('*');
    expect(layout.get('populate[header][on][blocks.header][populate][logo]')).toBe('true');
    expect(layout.get('populate[footer][on][blocks.footer][populate][columns][populate]')).toBe('*');
    expect(layout.get('populate[footer][on][blocks.footer][populate][social]')).toBe('true');
    expect(layout.get('populate[footer][on][blocks.cookie-notice][populate]')).toBe('*');
    const modals = new Map(populateParams('modals'));
    for (const { component } of MODAL_ITEM_DECLARATIONS) {
      expect([...modals.keys()].some((key) => key.startsWith(`populate[dynZone][on][${component}]`))).toBe(true);
    }
    expect(modals.get('populate[dynZone][on][modals.carousel][populate][slides][populate]')).toBe('*');
    expect(modals.get('populate[dynZone][on][modals.room][populate]')).toBe('*');
    expect(populateParams('error-page')).toEqual([
      ['populate[media]', 'true'],
      ['populate[links][populate][slug]', 'true'],
    ]);
    expect(populateParams('promo-codes')).toEqual([['populate[countries]', 'true']]);
  });
});

describe('endpointUrl', () => {
  it('encodes bracket keys and sends no publication parameter', () => {
    for (const endpoint of ENDPOINT_NAMES) {
      const url = endpointUrl('http://cms.test', endpoint, 'es-MX', ENDPOINTS[endpoint].collection ? 1 : undefined);
      expect(url).toContain('populate%5B');
      expect(url).not.toContain('populate[');
      const keys = [...new URL(url).searchParams.keys()];
      expect(keys.filter((key) => /status|publicationState|draft/i.test(key))).toEqual([]);
      // Node's default request-header limit is 16 KB; stay well under it.
      expect(url.length, endpoint).toBeLessThan(8_000);
    }
  });

  it('sends the locale only to localized endpoints and pages by 100', () => {
    const pages = new URL(endpointUrl('http://cms.test', 'pages', 'es-MX', 2)).searchParams;
    expect(pages.get('locale')).toBe('es-MX');
    expect(pages.get('pagination[page]')).toBe('2');
    expect(pages.get('pagination[pageSize]')).toBe('100');
    const promo = new URL(endpointUrl('http://cms.test', 'promo-codes', undefined, 1)).searchParams;
    expect(promo.has('locale')).toBe(false);
    expect(() => endpointUrl('http://cms.test', 'pages')).toThrow(/localized/);
  });
});
