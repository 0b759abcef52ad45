'use strict';

/**
 * What `npm run cms:doctor` cannot see through the content API (docs/own-strapi.md):
 * the content model as this Strapi loaded it (every content type and
 * component of the site, with its attributes' types), the locales, whether a
 * webhook is set and on which events, and whether the report token exists.
 * `GET /api/marea/doctor`, answered to any valid API token of this Strapi
 * (the build's read-only one is enough); it names no secret and no webhook
 * address: booleans, names and types only.
 */

const { REPORT_TOKEN_NAME, SITE_UIDS: SITE_TYPES } = require('../names');

/** name → type, as the doctor compares them: a component names its uid, a custom field its name (Strapi loads one as its underlying type). */
const typeOf = (attribute) =>
  attribute.customField ? `customField:${attribute.customField}` : attribute.type === 'component' ? `component:${attribute.component}` : attribute.type;
const shape = (schema) => Object.fromEntries(Object.entries(schema.attributes || {}).map(([name, attribute]) => [name, typeOf(attribute)]));

async function validToken(strapi, header) {
  const match = /^Bearer\s+(\S+)$/i.exec(header || '');
  if (!match) return false;
  const tokens = strapi.service('admin::api-token');
  const stored = await strapi.db.query('admin::api-token').findOne({ where: { accessKey: tokens.hash(match[1]) } });
  return Boolean(stored) && (!stored.expiresAt || new Date(stored.expiresAt) > new Date());
}

module.exports = {
  routes: {
    'content-api': {
      routes: [{ method: 'GET', path: '/doctor', handler: 'doctor.show', config: { auth: false } }],
    },
  },
  controllers: {
    doctor: ({ strapi }) => ({
      async show(ctx) {
        if (!(await validToken(strapi, ctx.request.header.authorization))) {
          ctx.status = 401;
          ctx.body = { error: 'an API token of this Strapi is needed (CMS_TOKEN)' };
          return;
        }
        const contentTypes = Object.fromEntries(SITE_TYPES.filter((uid) => strapi.contentTypes[uid]).map((uid) => [uid, shape(strapi.contentTypes[uid])]));
        const components = Object.fromEntries(Object.entries(strapi.components).map(([uid, schema]) => [uid, shape(schema)]));
        const locales = (await strapi.plugin('i18n').service('locales').find()).map((locale) => locale.code);
        const webhooks = (await strapi.get('webhookStore').findWebhooks()).map((webhook) => ({
          name: webhook.name,
          enabled: Boolean(webhook.isEnabled),
          events: webhook.events || [],
        }));
        const reportToken = Boolean(await strapi.db.query('admin::api-token').findOne({ where: { name: REPORT_TOKEN_NAME } }));
        ctx.body = { plugin: 'marea', contentTypes, components, locales, webhooks, reportToken };
      },
    }),
  },
};
