import { Earth } from '@strapi/icons';

/**
 * Registers the country picker (CountriesInput.jsx) as the admin's input of
 * `plugin::marea.countries`, the custom field the server part
 * (server/parts/countries.js) registers over Strapi's `json` type. Strapi
 * loads the input the first time an edit view shows a country field.
 */
export function registerCountries(app) {
  app.customFields.register({
    name: 'countries',
    pluginId: 'marea',
    type: 'json',
    icon: Earth,
    intlLabel: { id: 'marea.countries.label', defaultMessage: 'Countries' },
    intlDescription: { id: 'marea.countries.description', defaultMessage: 'Countries picked by name from a list, stored as ISO alpha-3 codes' },
    components: { Input: async () => import('./CountriesInput.jsx') },
  });
}
