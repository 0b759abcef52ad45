import { BLOCK_DECLARATIONS, MODAL_ITEM_DECLARATIONS } from '../../shared/blocks/catalogue.js';
import { PAGE_KINDS } from '../../shared/block-values.js';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../shared/routes.js';
import { countriesAttribute, type Attribute, type ComponentSchema } from './attributes.js';

/** A content type of the CMS (content contract, "Endpoints crawled" and "Entities"). */
export interface ContentTypeSchema {
  readonly kind: 'collectionType' | 'singleType';
  readonly singularName: string;
  readonly pluralName: string;
  readonly displayName: string;
  readonly description: string;
  /** One document per locale (`en`, `es-MX`), linked as translations. */
  readonly localized: boolean;
  readonly attributes: Readonly<Record<string, Attribute>>;
}

const dynamicZone = (components: readonly { component: string }[]): Attribute => ({ type: 'dynamiczone', components: components.map((d) => d.component) });

const SEO: ComponentSchema = {
  uid: 'shared.seo',
  displayName: 'SEO',
  description: 'Meta title (default: the title), description (default: the summary), share image, noindex.',
  attributes: {
    metaTitle: { type: 'string' },
    metaDescription: { type: 'text' },
    metaImage: { type: 'media', multiple: false, allowedTypes: ['images'] },
    noIndex: { type: 'boolean', default: false },
  },
};

const ERROR_LINK_SLUG: ComponentSchema = {
  uid: 'shared.error-link-slug',
  displayName: 'Page slug',
  description: 'The slug of a page of the same locale, e.g. rooms.',
  attributes: { slug: { type: 'string' } },
};

const ERROR_LINK: ComponentSchema = {
  uid: 'shared.error-link',
  displayName: 'Error page link',
  description: 'A way back from the 404 page (content contract, "Error content").',
  // Neither part is required: rule 27 leaves a link without slug or button text out, and the seed takes what the build takes.
  attributes: { slug: { type: 'component', component: ERROR_LINK_SLUG.uid, repeatable: false }, btntext: { type: 'string' } },
};

/** Each required attribute (`type.attribute`) and the content error (src/node/content/issues.ts) the build raises without it. */
export const REQUIRED_BY_THE_BUILD: Readonly<Record<string, string>> = {
  'page.slug': 'InvalidSlug',
  'modal.modalName': 'MissingModalName',
  'promo-code.code': 'PromoCodeWithoutCode',
};

export const ENTITY_COMPONENTS: readonly ComponentSchema[] = [SEO, ERROR_LINK_SLUG, ERROR_LINK];

/**
 * The five content types. Required fields are exactly the ones whose absence
 * is a content error of the build (a page's slug, a modal's name, a promo
 * code's code: `REQUIRED_BY_THE_BUILD`): Strapi refuses to publish them
 * blank, so an editor hears it at once instead of from a failed build. Nothing
 * the build tolerates is required (a page without a title is titled by its
 * slug, a duplicate promo code is offered once per entry), so every
 * `content-cache/` the build accepts can be seeded. The slug pattern and
 * maximum length are the build's own (reserved first segments are still the build's to report:
 * content contract, "Page").
 */
export const CONTENT_TYPES: readonly ContentTypeSchema[] = [
  {
    kind: 'collectionType',
    singularName: 'page',
    pluralName: 'pages',
    displayName: 'Page',
    description: 'Every routable page; the page with slug "home" is the home page.',
    localized: true,
    attributes: {
      title: { type: 'string' },
      slug: { type: 'string', required: true, regex: SLUG_PATTERN.source, maxLength: SLUG_MAX_LENGTH },
      kind: { type: 'enumeration', enum: [...PAGE_KINDS], default: 'page' },
      summary: { type: 'text' },
      cover: { type: 'media', multiple: false, allowedTypes: ['images'] },
      date: { type: 'date' },
      seo: { type: 'component', component: SEO.uid, repeatable: false },
      // The layout's own blocks (header, footer, …) are not offered on pages: they are on every page already.
      blocks: dynamicZone(BLOCK_DECLARATIONS.filter((d) => !d.presentation.layoutOnly)),
    },
  },
  {
    kind: 'singleType',
    singularName: 'layout',
    pluralName: 'layouts',
    displayName: 'Layout',
    description: 'Header and footer blocks around every page of the locale.',
    localized: true,
    attributes: { header: dynamicZone(BLOCK_DECLARATIONS), footer: dynamicZone(BLOCK_DECLARATIONS) },
  },
  {
    kind: 'singleType',
    singularName: 'error-page',
    pluralName: 'error-pages',
    displayName: 'Error page',
    description: 'The 404 page: picture, title, text and links back.',
    localized: true,
    attributes: {
      media: { type: 'media', multiple: false, allowedTypes: ['images'] },
      text404: { type: 'string' },
      description404: { type: 'text' },
      links: { type: 'component', component: ERROR_LINK.uid, repeatable: true },
    },
  },
  {
    kind: 'collectionType',
    singularName: 'modal',
    pluralName: 'modals',
    displayName: 'Modal',
    description: 'Opened by links to #modal=<modal name>; the first item for the visitor’s country is shown.',
    localized: true,
    attributes: { modalName: { type: 'string', required: true }, dynZone: dynamicZone(MODAL_ITEM_DECLARATIONS) },
  },
  {
    kind: 'collectionType',
    singularName: 'promo-code',
    pluralName: 'promo-codes',
    displayName: 'Promo code',
    description: 'Offered in the booking widget within its dates, to the countries listed.',
    localized: false,
    attributes: {
      code: { type: 'string', required: true },
      label: { type: 'string' },
      startdate: { type: 'datetime' },
      enddate: { type: 'datetime' },
      countries: countriesAttribute,
    },
  },
];
