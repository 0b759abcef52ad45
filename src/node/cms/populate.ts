import { BLOCK_DECLARATIONS, MODAL_ITEM_DECLARATIONS } from '../../shared/blocks/catalogue.js';
import type { Declaration, Field, Fields } from '../../shared/blocks/fields.js';
import type { EndpointName } from './raw.js';

/** Strapi's object populate syntax: `true` (this field), `'*'` (every field one level down) or nested keys. */
type PopulateTree = true | '*' | { readonly [key: string]: PopulateTree };

/** Fields that are relations or components in the CMS: a query names them to get them at all. */
// Lists of strings and options are repeatable components in the CMS schema (src/node/cms-schema/attributes.ts).
const POPULATED: ReadonlySet<Field['kind']> = new Set(['media', 'captions', 'mediaList', 'link', 'links', 'list', 'promoCodes', 'strings', 'options']);

/**
 * How deep a field is populated, from its declaration: media and a single
 * link are one level (`true`); a list of links (with `children`), the
 * promo-code relation (with `countries`) and a repeatable component whose
 * items hold media, links, lists or country targeting need a second
 * (`populate=*`). Undefined: a plain value, which comes without asking.
 */
function fieldPopulate(field: Field): PopulateTree | undefined {
  if (!POPULATED.has(field.kind)) return undefined;
  if (field.kind === 'links' || field.kind === 'promoCodes') return { populate: '*' };
  if (field.kind === 'list') return field.geolocated || hasPopulated(field.item ?? {}) ? { populate: '*' } : true;
  return true;
}

const hasPopulated = (fields: Fields) => Object.values(fields).some((field) => POPULATED.has(field.kind));

/**
 * A component's populate: `populate=*` reaches one level only, so a
 * component with a field that needs a second level names every populated
 * field instead (Strapi cannot mix `*` with named fields, and Strapi 5
 * answers 400 `Invalid key …` for a name its schema lacks: the declarations
 * are the schema). `countries` (country targeting, content contract: any
 * block or modal item) is a component too.
 */
function componentPopulate(declaration: Declaration): PopulateTree {
  const fields: Record<string, PopulateTree> = {};
  let deep = false;
  for (const [key, field] of Object.entries(declaration.fields)) {
    const tree = fieldPopulate(field);
    if (tree === undefined) continue;
    fields[key] = tree;
    deep ||= tree !== true;
  }
  return deep ? { populate: { ...fields, countries: true } } : { populate: '*' };
}

/** A dynamic zone: Strapi 5 populates its components only through one `on` fragment per component. */
function dynamicZone(declarations: readonly Declaration[]): PopulateTree {
  return { on: Object.fromEntries(declarations.map((declaration) => [declaration.component, componentPopulate(declaration)])) };
}

/** What each endpoint populates (content contract, "Endpoints crawled"). */
const POPULATE: Readonly<Record<EndpointName, PopulateTree>> = {
  pages: {
    cover: true,
    seo: { populate: { metaImage: true } },
    localizations: true,
    // The page zone does not hold the layout's own blocks (cms-schema/content-types.ts), and Strapi 5 answers 400 for a fragment it lacks.
    blocks: dynamicZone(BLOCK_DECLARATIONS.filter((d) => !d.presentation.layoutOnly)),
  },
  layout: { header: dynamicZone(BLOCK_DECLARATIONS), footer: dynamicZone(BLOCK_DECLARATIONS) },
  'error-page': { media: true, links: { populate: { slug: true } } },
  modals: { dynZone: dynamicZone(MODAL_ITEM_DECLARATIONS) },
  'promo-codes': { countries: true },
};

/** What an endpoint populates as an object, for Strapi's document service (the publish gate, src/node/cms-gate/). */
export function populateTree(endpoint: EndpointName): PopulateTree {
  return POPULATE[endpoint];
}

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
