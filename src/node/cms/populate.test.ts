// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { endpointUrl } from './client.js';
import { BLOCK_COMPONENTS, MODAL_COMPONENTS, populateParams } from './populate.js';
import { ENDPOINTS, type EndpointName } from './raw.js';

const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

describe('populateParams', () => {
  it('populates every block of the contract on the pages dynamic zone through an `on` fragment', () => {
    const params = new Map(populateParams('pages'));
    for (const component of BLOCK_COMPONENTS) {
      const fragment = `populate[blocks][on][${component}][populate]`;
      expect([...params.keys()].some((key) => key.startsWith(fragment)), component).toBe(true);
    }
    expect(params.get('populate[blocks][on][blocks.hero][populate]')).toBe('*');
    expect(params.get('populate[cover]')).toBe('true');
    expect(params.get('populate[seo][populate][metaImage]')).toBe('true');
    expect(params.get('populate[localizations]')).toBe('true');
  });

  it('reaches media inside repeatable sub-components with a second level', () => {
    const params = new Map(populateParams('pages'));
    for (const [component, field] of [
      ['blocks.carousel', 'slides'],
      ['blocks.gallery', 'images'],
      ['blocks.footer', 'columns'],
      ['blocks.header', 'nav'],
      ['blocks.phone', 'numbers'],
      ['blocks.accordion', 'items'],
      ['blocks.terms-list', 'items'],
      ['blocks.booking', 'airports'],
      ['blocks.booking', 'resorts'],
      ['blocks.booking', 'promocodes'],
      ['blocks.form', 'fields'],
    ]) {
      expect(params.get(`populate[blocks][on][${component}][populate][${field}][populate]`), component).toBe('*');
    }
    // A component with named fields cannot also take `*` (Strapi would see two values).
    expect(params.has('populate[blocks][on][blocks.carousel][populate]')).toBe(false);
  });

  it('covers the layout zones, modals, error page and promo codes', () => {
    const layout = new Map(populateParams('layout'));
    expect(layout.get('populate[header][on][blocks.header][populate][nav][populate]')).toBe('*');
    expect(layout.get('populate[footer][on][blocks.cookie-notice][populate]')).toBe('*');
    const modals = new Map(populateParams('modals'));
    for (const component of MODAL_COMPONENTS) {
      expect([...modals.keys()].some((key) => key.startsWith(`populate[dynZone][on][${component}]`))).toBe(true);
    }
    expect(modals.get('populate[dynZone][on][modals.room][populate][images][populate]')).toBe('*');
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
