import type { Field, Fields } from '../../shared/blocks/fields.js';

/**
 * A Strapi 5 attribute, as written in a content-type or component schema
 * (`cms/src/api/*\/content-types/*\/schema.json`, `cms/src/components/**.json`).
 */
export type Attribute = Readonly<Record<string, unknown>> & { readonly type: string };

/** A component schema file: its uid (`category.name`) and what the file holds. */
export interface ComponentSchema {
  readonly uid: string;
  readonly displayName: string;
  readonly description: string;
  /** Its icon in Strapi's component picker (a block's or modal item's, from its declaration). */
  readonly icon?: string;
  readonly attributes: Readonly<Record<string, Attribute>>;
}

/**
 * The Marea plugin's country picker (cms/src/plugins/marea/server/parts/countries.js):
 * a custom field over Strapi's `json` type, so the stored value, the REST API
 * and what the build reads stay the JSON list of alpha-3 codes.
 */
const COUNTRIES_FIELD = 'plugin::marea.countries';

/**
 * Country targeting (content contract, "Country targeting"): `countries: { country: ["MEX", …] }`,
 * alpha-3 codes, picked by name from a list in the admin.
 */
const COUNTRIES: ComponentSchema = {
  uid: 'shared.countries',
  displayName: 'Countries',
  description: 'The countries whose visitors see it, picked by name; none: every country (spec §5).',
  attributes: { country: { type: 'customField', customField: COUNTRIES_FIELD } },
};

const linkFields = {
  label: { type: 'string' },
  slug: { type: 'string' },
  url: { type: 'string' },
  external: { type: 'boolean', default: false },
  modal: { type: 'string' },
} as const satisfies Record<string, Attribute>;

/** A link (content contract, "Links inside blocks"): a modal wins over a slug, a slug over a url. */
const LINK: ComponentSchema = {
  uid: 'shared.link',
  displayName: 'Link',
  description: 'Internal: slug (e.g. rooms/garden-villa). External: url + external. Modal: the modal name.',
  attributes: linkFields,
};

/** A navigation link: a link with optional children (the header's menu). */
const NAV_LINK: ComponentSchema = {
  uid: 'shared.nav-link',
  displayName: 'Navigation link',
  description: 'A link with optional sub-links.',
  attributes: { ...linkFields, children: { type: 'component', component: LINK.uid, repeatable: true } },
};

/** One string of a list of strings (share networks, room features); a blank one is left out by the build, so not required. */
const TEXT_ITEM: ComponentSchema = {
  uid: 'shared.text-item',
  displayName: 'Text item',
  description: 'One entry of a list of short texts.',
  attributes: { text: { type: 'string' } },
};

/** One option of a form field: its label, and the value sent (the label when blank); the build reads an option without a label too. */
const OPTION: ComponentSchema = {
  uid: 'shared.option',
  displayName: 'Option',
  description: 'A choice of a select, radio or checkbox field; value defaults to the label.',
  attributes: { label: { type: 'string' }, value: { type: 'string' } },
};

export const SHARED_COMPONENTS: readonly ComponentSchema[] = [COUNTRIES, LINK, NAV_LINK, TEXT_ITEM, OPTION];

const PROMO_CODE_UID = 'api::promo-code.promo-code';

/** Media a block takes: pictures and videos (the build tells them apart by mime). */
const MEDIA_TYPES = ['images', 'videos'];

/**
 * The Strapi attribute of one declared field. A `list` becomes a repeatable
 * component of its own (`items.<owner>-<field>`), added to `out`, since
 * Strapi has no inline lists; lists of strings and options become repeatable
 * shared components, as Strapi has no list-of-strings type.
 */
function attributeOf(field: Field, owner: string, key: string, out: Map<string, ComponentSchema>): Attribute {
  const withDefault = (attribute: Attribute): Attribute => (field.default === undefined ? attribute : { ...attribute, default: field.default });
  switch (field.kind) {
    case 'text':
      return withDefault(field.choices ? { type: 'enumeration', enum: [...field.choices] } : { type: 'string' });
    case 'modal':
    case 'bound':
    case 'url':
      return withDefault({ type: 'string' });
    case 'engineUrl':
      // A URL template with many {placeholders} easily passes 255 characters.
      return { type: 'text' };
    case 'richText':
      // Markdown (HTML allowed): the bundled content and Strapi 4 sites are HTML/Markdown strings,
      // which keep their exact markup here; blocks JSON from other CMSs is still read (content contract, "Rich text").
      return { type: 'richtext' };
    case 'number':
      return withDefault({ type: 'integer' });
    case 'boolean':
      return withDefault({ type: 'boolean' });
    case 'choice':
      return withDefault({ type: 'enumeration', enum: [...(field.choices ?? [])] });
    case 'date':
      return { type: 'datetime' };
    case 'media':
      return { type: 'media', multiple: false, allowedTypes: MEDIA_TYPES };
    case 'captions':
      // A WebVTT file is neither a picture nor a video to Strapi: `files` (the build checks its bytes).
      return { type: 'media', multiple: false, allowedTypes: ['files'] };
    case 'mediaList':
      return { type: 'media', multiple: true, allowedTypes: MEDIA_TYPES };
    case 'link':
      return { type: 'component', component: LINK.uid, repeatable: false };
    case 'links':
      return { type: 'component', component: NAV_LINK.uid, repeatable: true };
    case 'strings':
      return { type: 'component', component: TEXT_ITEM.uid, repeatable: true };
    case 'options':
      return { type: 'component', component: OPTION.uid, repeatable: true };
    case 'promoCodes':
      return { type: 'relation', relation: 'oneToMany', target: PROMO_CODE_UID };
    case 'list': {
      const attributes = { ...attributesOf(field.item ?? {}, `${owner}-${key}`, out), ...(field.geolocated ? { countries: countriesAttribute } : {}) };
      // One component per item shape: a modal item showing a block's list (`modals.embedded-form`'s
      // fields as `blocks.form`'s) reuses the block's component, so editors meet one "Form field".
      const same = [...out.values()].find((schema) => schema.uid.startsWith('items.') && JSON.stringify(schema.attributes) === JSON.stringify(attributes));
      if (same) return { type: 'component', component: same.uid, repeatable: true };
      const uid = `items.${owner}-${key}`;
      out.set(uid, { uid, displayName: `${owner.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase())}: ${key}`, description: `One item of ${key} (${owner}).`, attributes });
      return { type: 'component', component: uid, repeatable: true };
    }
  }
}

export const countriesAttribute: Attribute = { type: 'component', component: COUNTRIES.uid, repeatable: false };

/** The attributes of a set of declared fields, in declaration order. */
export function attributesOf(fields: Fields, owner: string, out: Map<string, ComponentSchema>): Record<string, Attribute> {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, attributeOf(field, owner, key, out)]));
}
