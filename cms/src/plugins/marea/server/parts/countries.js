'use strict';

/**
 * The country picker (docs/cms.md): a custom field over
 * Strapi's `json` type, so a block's countries are still stored, served by
 * the REST API and read by the build as the JSON list of ISO alpha-3 codes
 * (content contract, "Country targeting"); only the admin's input changes,
 * a list of countries by name (admin/src/countries/). The generated schema
 * names it (`"customField": "plugin::marea.countries"`, npm run cms:schema);
 * Strapi refuses to start on a schema naming a custom field nobody
 * registered, so it is registered before the schema is read.
 */
module.exports = {
  register({ strapi }) {
    strapi.customFields.register({ name: 'countries', plugin: 'marea', type: 'json' });
  },
};
