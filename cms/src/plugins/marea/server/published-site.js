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
      // In the crawl's order (src/node/cms/client.ts, id:asc): of two pages with one path, the build reports the later, and a
      // document published now gets a new id, so it comes last (src/node/cms-gate/check.ts reads the candidate last).
      const query = { status: 'published', populate: type.populate, sort: 'id:asc', ...(locale ? { locale } : {}) };
      return strapi.contentType(type.uid).kind === 'singleType' ? documents.findFirst(query) : documents.findMany(query);
    };
    site[type.endpoint] = {};
    for (const locale of type.localized ? locales : ['']) site[type.endpoint][locale] = (await read(locale)) ?? null;
  }
  return site;
}

module.exports = { publishedSite };
