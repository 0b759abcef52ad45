/**
 * The publish gate's entry: what the Marea plugin of cms/ calls, bundled
 * with everything it imports into one CommonJS file
 * (cms/src/plugins/marea/server/generated/checks.js, `npm run cms:checks`),
 * so Strapi runs the build's own checks without the webhook service and
 * without a second copy of them (docs/architecture.md, "The CMS").
 */
import { populateTree } from '../cms/populate.js';
import { ENDPOINTS, type EndpointName } from '../cms/raw.js';
import { CONTENT_TYPES } from '../cms-schema/content-types.js';
import { loadConfig } from '../config/env.js';
import * as recheck from 'recheck';
import { provideRecheck } from '../content/form-patterns.js';

// The bundle carries recheck inside: the build's checks require it on first use, which the CMS's packages could not answer.
provideRecheck(recheck);

export { checkPublish } from './check.js';
export { checkUnpublish } from './unpublish.js';

/** A content type the gate checks: its Strapi uid, the endpoint the build reads it from, and the crawl's populate. */
export interface GatedType {
  readonly uid: string;
  readonly endpoint: EndpointName;
  readonly localized: boolean;
  readonly populate: unknown;
}

/** Every content type the build reads (content contract, "Endpoints crawled"): pages, layout, error page, modals, promo codes. */
export function gatedTypes(): GatedType[] {
  return CONTENT_TYPES.map((type) => {
    const endpoint = (type.kind === 'singleType' ? type.singularName : type.pluralName) as EndpointName;
    return { uid: `api::${type.singularName}.${type.singularName}`, endpoint, localized: ENDPOINTS[endpoint].localized, populate: populateTree(endpoint) };
  });
}

/** Site locale → CMS locale from the CMS's environment (`CMS_LOCALES`, default en:en,es:es-MX), read as the build reads it. */
export function cmsLocales(env: Record<string, string | undefined>): Readonly<Record<'en' | 'es', string>> {
  return loadConfig(env.CMS_LOCALES === undefined ? {} : { CMS_LOCALES: env.CMS_LOCALES }).cmsLocales;
}
