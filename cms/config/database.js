'use strict';

const path = require('path');

/**
 * SQLite by default (a file, local use); PostgreSQL with DATABASE_CLIENT=postgres
 * and DATABASE_URL, or DATABASE_HOST/PORT/NAME/USERNAME/PASSWORD (Strapi's own
 * names; docs/hosting-strapi.md, "Environment").
 */
module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client === 'sqlite') {
    return {
      connection: {
        client: 'sqlite',
        connection: { filename: env('DATABASE_FILENAME', path.join(__dirname, '..', '.tmp', 'data.db')) },
        useNullAsDefault: true,
      },
    };
  }
  if (client !== 'postgres') throw new Error(`DATABASE_CLIENT is "${client}": the CMS runs on "sqlite" (the default) or "postgres".`);
  return {
    connection: {
      client: 'postgres',
      connection: {
        // A URL wins over the separate settings (pg reads both, the URL's last).
        connectionString: env('DATABASE_URL'),
        host: env('DATABASE_HOST', 'localhost'),
        port: env.int('DATABASE_PORT', 5432),
        database: env('DATABASE_NAME', 'strapi'),
        user: env('DATABASE_USERNAME', 'strapi'),
        password: env('DATABASE_PASSWORD', 'strapi'),
        schema: env('DATABASE_SCHEMA', 'public'),
        // Managed databases want TLS; DATABASE_SSL_CA holds their certificate when it is not a public CA's.
        ssl: env.bool('DATABASE_SSL', false) && {
          ca: env('DATABASE_SSL_CA', undefined),
          rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true),
        },
      },
      pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
      acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
    },
  };
};
