'use strict';

/**
 * An entry's last check: what the publish gate, the media guard or the
 * unpublish warning found for one entry, kept in Strapi's plugin store so
 * the entry's edit view can show it (docs/architecture.md, "The CMS").
 *
 * Key: check:<uid>:<documentId>:<locale>, the locale '' for types without
 * i18n. Value: { at, action: 'publish' | 'unpublish' | 'delete', editor?,
 * errors: Notice[], warnings: Notice[] }, where a Notice is { code,
 * severity, message, hint?, field?, fieldWords?, language }.
 */

function keyOf({ uid, documentId, locale }) {
  return `check:${uid}:${documentId}:${locale || ''}`;
}

function store(strapi) {
  return strapi.store({ type: 'plugin', name: 'marea' });
}

async function saveCheck(strapi, entry, record) {
  await store(strapi).set({ key: keyOf(entry), value: record });
}

async function readCheck(strapi, entry) {
  return (await store(strapi).get({ key: keyOf(entry) })) ?? null;
}

module.exports = { saveCheck, readCheck };
