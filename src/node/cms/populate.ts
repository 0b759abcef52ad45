import type { EndpointName } from './raw.js';

// The contract's components live in one place, shared with the browser registry.
export { BLOCK_COMPONENTS, MODAL_COMPONENTS } from '../../shared/blocks.js';
import { BLOCK_COMPONENTS, MODAL_COMPONENTS } from '../../shared/blocks.js';

/** Strapi's object populate syntax: `true` (this field), `'*'` (every field one level down) or nested keys. */
export type PopulateTree = true | '*' | { readonly [key: string]: PopulateTree };

/**
 * Components whose repeatable sub-components (or relations) carry media or
 * further components. `populate=*` reaches one level only, so `deep` fields
 * get a second `populate=*`. Strapi cannot mix `*` with named fields, so such
 * a component must also name its other populatable fields (`shallow`), and
 * Strapi 5 answers 400 `Invalid key …` for a name its schema lacks: keep this
 * table in step with the CMS schema. `countries` (geolocation, content
 * contract "Country targeting": any block, modal item) is a component too.
 * Every other component gets `populate=*`.
 */
const NESTED: Readonly<Record<string, { deep: readonly string[]; shallow: readonly string[] }>> = {
  'blocks.booking': { deep: ['airports', 'resorts', 'promocodes'], shallow: ['countries'] },
  'blocks.carousel': { deep: ['slides'], shallow: ['countries'] },
  'blocks.gallery': { deep: ['images'], shallow: ['countries'] },
  'blocks.accordion': { deep: ['items'], shallow: ['countries'] },
  'blocks.terms-list': { deep: ['items'], shallow: ['countries'] },
  'blocks.form': { deep: ['fields'], shallow: ['countries'] },
  'blocks.header': { deep: ['nav'], shallow: ['logo', 'countries'] },
  'blocks.footer': { deep: ['columns'], shallow: ['social', 'countries'] },
  'blocks.phone': { deep: ['numbers'], shallow: ['countries'] },
  'modals.carousel': { deep: ['slides'], shallow: ['countries'] },
  'modals.embedded-form': { deep: ['fields'], shallow: ['countries'] },
  'modals.room': { deep: ['images'], shallow: ['cta', 'countries'] },
};

function componentPopulate(component: string): PopulateTree {
  const nested = NESTED[component];
  if (!nested) return { populate: '*' };
  const fields: Record<string, PopulateTree> = {};
  for (const field of nested.deep) fields[field] = { populate: '*' };
  for (const field of nested.shallow) fields[field] = true;
  return { populate: fields };
}

/** A dynamic zone: Strapi 5 populates its components only through one `on` fragment per component. */
function dynamicZone(components: readonly string[]): PopulateTree {
  return { on: Object.fromEntries(components.map((component) => [component, componentPopulate(component)])) };
}

/** What each endpoint populates (content contract, "Endpoints crawled"). */
export const POPULATE: Readonly<Record<EndpointName, PopulateTree>> = {
  pages: {
    cover: true,
    seo: { populate: { metaImage: true } },
    localizations: true,
    blocks: dynamicZone(BLOCK_COMPONENTS),
  },
  layout: { header: dynamicZone(BLOCK_COMPONENTS), footer: dynamicZone(BLOCK_COMPONENTS) },
  'error-page': { media: true, links: { populate: { slug: true } } },
  modals: { dynZone: dynamicZone(MODAL_COMPONENTS) },
  'promo-codes': { countries: true },
};

/**
 * The populate query parameters of an endpoint as bracket keys, in a stable
 * order: `populate[blocks][on][blocks.hero][populate]=*`, … Published content
 * only, by sending no publication parameter at all: Strapi 5 rejects
 * `publicationState` with 400 and returns drafts for `status=draft`.
 */
export function populateParams(endpoint: EndpointName): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  flatten('populate', POPULATE[endpoint], params);
  return params;
}

function flatten(prefix: string, tree: PopulateTree, out: Array<[string, string]>): void {
  if (tree === true || tree === '*') {
    out.push([prefix, String(tree)]);
    return;
  }
  for (const [key, subtree] of Object.entries(tree)) flatten(`${prefix}[${key}]`, subtree, out);
}
