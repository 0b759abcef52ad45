/**
 * The internal content model. Everything past the content client's edge
 * (src/node/content/normalise) uses these types and never sees a Strapi
 * envelope (`data`, `attributes`) again. Pure types: shared by build and browser.
 */

import type { BlockProps, Component } from './blocks/catalogue.js';

/** Site locales (behaviour rule 1). `en` has no URL prefix, `es` lives under `/es`. */
export type Locale = 'en' | 'es';

export type PageKind = 'page' | 'room' | 'service' | 'destination' | 'post';

/** One rendition of an image (Strapi `formats.*`), sorted by width ascending in `Media.formats`. */
export interface MediaFormat {
  url: string;
  width: number;
  height: number;
}

/**
 * A media file. After the build's media phase `url` and every format url are
 * site-relative paths under `/assets/media/` (hashed names); before it they are
 * CMS urls (relative to CMS_URL or absolute). `captions`: the value of a
 * captions field (a WebVTT file, whatever the CMS's mime says; the build
 * refuses one whose bytes are not WebVTT).
 */
export interface Media {
  kind: 'image' | 'video' | 'captions';
  url: string;
  mime: string;
  width: number | null;
  height: number | null;
  alt: string;
  formats: MediaFormat[];
  /** AVIF and WebP copies of a raster image the build encoded from the original (src/shared/media.ts names them); absent otherwise. */
  variants?: MediaVariants;
}

/** The build's encodings of one image: `key` names the encoder settings, `widths` the sizes made (ascending). */
export interface MediaVariants {
  key: string;
  widths: number[];
}

/** Links inside blocks (content contract, "Links inside blocks"). */
export type Link =
  | { kind: 'internal'; label: string; slug: string; hash?: string; children?: Link[] }
  | { kind: 'external'; label: string; url: string }
  | { kind: 'modal'; label: string; modal: string };

/** A link with optional sub-links (a header's `nav[]` entries carry `children[]`). */
export type NavLink = Link & { children?: NavLink[] };

/** ISO 3166 alpha-3 codes an item is targeted to; `null` = no list (shown everywhere, spec §5). */
export type Countries = string[] | null;

/**
 * A content block after normalisation. `props` hold the CMS fields minus
 * `id`, `__component`, `country`, `color_offer_close`, `countries`, with
 * media turned into `Media`, links into `Link` and rich text into sanitised
 * HTML strings (fields `body`, `legal`, `text`, `description`).
 */
export interface Block<C extends Component = Component> {
  /**
   * The CMS `__component`, e.g. `blocks.hero`: one the catalogue declares
   * (src/shared/blocks/catalogue.ts); normalise reports and leaves out any
   * other (src/node/content/blocks.ts). `isBlock` narrows a block to one
   * component, its props then typed by that component's declaration.
   */
  component: C;
  /** Display name: last dotted segment in PascalCase (`blocks.blog-list` → `BlogList`; modals get a `Modal` prefix). */
  name: string;
  /** Stable React key: position in its zone. */
  key: string;
  countries: Countries;
  /** Any component's props, or the declared props of one (`Block<'blocks.hero'>`). */
  props: [Component] extends [C] ? Record<string, unknown> : BlockProps<C>;
}

export interface Seo {
  metaTitle: string;
  metaDescription: string;
  metaImage: Media | null;
  noIndex: boolean;
}

export interface Page {
  locale: Locale;
  documentId: string;
  /** Locale-relative slug, `home` for the home page. */
  slug: string;
  /** Site path without trailing slash: `/`, `/es`, `/rooms/deluxe`, `/es/habitaciones/suite`. */
  path: string;
  title: string;
  kind: PageKind;
  summary: string;
  cover: Media | null;
  /** ISO date (yyyy-MM-dd or full ISO) or null. */
  date: string | null;
  seo: Seo;
  blocks: Block[];
  updatedAt: string | null;
  /** Paths of the translations of this page, own locale included (rule 12). */
  alternates: Partial<Record<Locale, string>>;
}

export interface Layout {
  header: Block[];
  footer: Block[];
}

export interface ErrorLink {
  slug: string;
  btntext: string;
}

export interface ErrorContent {
  media: Media | null;
  text404: string;
  description404: string;
  links: ErrorLink[];
}

export interface Modal {
  id: number;
  name: string;
  items: Block[];
}

export interface PromoCode {
  code: string;
  startdate: string | null;
  enddate: string | null;
  countries: Countries;
  label: string;
}

export interface SiteContent {
  pages: Page[];
  layouts: Record<Locale, Layout>;
  errors: Record<Locale, ErrorContent>;
  modals: Record<Locale, Modal[]>;
  promoCodes: PromoCode[];
}

/**
 * A problem found in content. Errors fail the build (all are reported
 * together); warnings are printed. `message` keeps the spec's exact wording
 * where it has one (e.g. `Components must be an Array`).
 */
export interface ContentIssue {
  severity: 'error' | 'warning';
  /** Permanent name, e.g. `ComponentsNotArray`, `UnknownComponent`, `UnsafeLink`. */
  code: string;
  message: string;
  /** What the entity is: `page`, `layout`, `error-page`, `modal`, `promo-codes`. */
  entity: string;
  locale?: string;
  slug?: string;
  /**
   * The CMS document the issue is about (Strapi 5 `documentId`), when it is a
   * page: names the page across slug changes, so a build can keep its last
   * published version (rule 13) and the admin can link to it.
   */
  documentId?: string;
  /** Zero-based position of the block in its zone. */
  position?: number;
  /** The block's `__component`, when the issue is about a block. */
  component?: string;
  /** Field path inside the entity, e.g. `blocks[3].cta.url`. */
  field?: string;
  /** What to do about it. */
  hint?: string;
}
