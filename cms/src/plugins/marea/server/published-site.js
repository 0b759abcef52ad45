'use strict';

/**
 * Every published document of the site, as the build crawls it (the
 * crawl's populate, from the bundle's `gatedTypes`), by endpoint and CMS
 * locale: what the bundled checks run on (src/node/cms-gate/check.ts,
 * `PublishedSite`).
 */
async function publishedSite(strapi, types, locales) {
  const site = {};
  for (const type of types) {
    const documents = strapi.documents(type.uid);
    const read = (locale) => {
      const query = { status: 'published', populate: type.populate, ...(locale ? { locale } : {}) };
      return strapi.contentType(type.uid).kind === 'singleType' ? documents.findFirst(query) : documents.findMany(query);
    };
    site[type.endpoint] = {};
    for (const locale of type.localized ? locales : ['']) site[type.endpoint][locale] = (await read(locale)) ?? null;
  }
  return site;
}

module.exports = { publishedSite };
