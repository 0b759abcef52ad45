'use strict';

/**
 * Strapi's log. Quiet by default: warnings, errors and what the CMS says
 * about itself (start, seed, webhook), not one line per request (level
 * `http`), which buried the seed's and the plugin's messages.
 * MAREA_CMS_LOG_LEVEL=http shows every request again (debug: more still).
 */
module.exports = ({ env }) => ({
  level: env('MAREA_CMS_LOG_LEVEL', 'info'),
});
