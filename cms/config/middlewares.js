'use strict';

const { corsOrigins } = require('./lib/deployment');

module.exports = ({ env }) => [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  // Only the admin's origin (PUBLIC_URL) and the site's (SITE_URL), credentials included; any other origin gets no CORS headers.
  { name: 'strapi::cors', config: { origin: corsOrigins(env), credentials: true } },
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
