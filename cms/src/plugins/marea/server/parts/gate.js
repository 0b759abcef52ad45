'use strict';

/**
 * The publish gate: a publish whose content the build would refuse is
 * refused here, at the moment of publishing, with Strapi's own validation
 * error naming the field in words and saying what to do, in the editor's
 * admin language. The checks are the build's own (the block declarations,
 * docs/content-errors.md and the checks across documents), bundled from
 * src/node/cms-gate/ into generated/checks.js by `npm run cms:checks`, so
 * the CMS needs neither the webhook service nor a second copy of them
 * (docs/architecture.md, "The CMS"). Warnings do not refuse: they are kept
 * with the errors as the entry's last check (check-store.js), which the
 * admin shows.
 *
 * Every way to publish goes through the document service: the admin's
 * Publish (create or update, then publish, in one transaction), the REST
 * API's create and update (which publish unless `status=draft`) and code.
 * The publish runs, the document is read back as published, inside a
 * transaction, and a refusal rolls it back, so nothing refused is ever
 * live and no webhook is sent (Strapi sends them on commit). Publishes
 * made outside a request (a scheduled release, a plugin's own code) are
 * checked too: only the seed of `npm run cms` runs without the gate
 * (ungated.js).
 */
const path = require('path');
const { errors } = require('@strapi/utils');
const { saveCheck } = require('../check-store');
const { publishedSite } = require('../published-site');
const { editorLanguage, editorName } = require('../editor-language');
const { ungated, isUngated } = require('../ungated');

const BUNDLE = path.join(__dirname, '..', 'generated', 'checks.js');

/** The bundle (3 MB, half a second to load): loaded on the first publish, not at every start. */
let bundle = null;
const checks = () => (bundle ??= require(BUNDLE));

/** Whether a document-service call publishes: `publish`, or a create or update with status 'published'. */
function publishes(context) {
  if (context.action === 'publish') return true;
  return (context.action === 'create' || context.action === 'update') && context.params?.status === 'published';
}

/** The entries a publishing call made live: `publish` returns them all, create and update the one. */
function publishedEntries(context, result) {
  if (context.action === 'publish') return result?.entries ?? [];
  return result?.documentId ? [result] : [];
}

/** `blocks[2].cta.url` → ['blocks', '2', 'cta', 'url']: the path Strapi's admin matches to a form field. */
const pathOf = (field) => [...field.matchAll(/[^.[\]]+/g)].map((m) => m[0]);

const line = (notice) => `${notice.fieldWords ? `${notice.fieldWords}: ` : ''}${notice.message}.${notice.hint ? ` ${notice.hint}` : ''}`;

/** The refusal: one line per error; the first is the message when there is one, else a count heads the list. */
function refusal(language, found) {
  const lines = found.map(({ title, notice }) => (title ? `${title} › ${line(notice)}` : line(notice)));
  const head = lines.length === 1 ? '' : language === 'es' ? `${lines.length} errores impiden publicar: ` : `${lines.length} errors stop this publish: `;
  const message = `${head}${lines.join(' · ')}`;
  const details = found.map(({ notice }) => ({ path: notice.field ? pathOf(notice.field) : [], message: line(notice), name: 'ValidationError', code: notice.code }));
  return new errors.ValidationError(message, { errors: details });
}

/** Checks what a publish made live, inside its transaction; refuses it (rolling it back) when the build would. */
async function gate(strapi, context, next) {
  const { gatedTypes, cmsLocales, checkPublish } = checks();
  const types = gatedTypes();
  const type = types.find((t) => t.uid === context.uid);
  const language = editorLanguage(strapi);
  const editor = editorName(strapi) ?? strapi.requestContext.get()?.state?.auth?.credentials?.name;
  const locales = Object.values(cmsLocales(process.env));
  return strapi.db.transaction(async ({ onCommit, onRollback }) => {
    const started = Date.now();
    // The site as it is live now (this document's earlier version included), read before the publish replaces it.
    const before = await publishedSite(strapi, types, locales);
    const read = Date.now();
    const result = await next();
    const published = Date.now();
    let checking = 0;
    const found = [];
    const records = [];
    const entries = publishedEntries(context, result);
    for (const entry of entries) {
      const locale = type.localized ? entry.locale : '';
      const document = await strapi.documents(type.uid).findOne({ documentId: entry.documentId, status: 'published', populate: type.populate, ...(locale ? { locale } : {}) });
      if (!document) continue;
      const checkStarted = Date.now();
      const outcome = checkPublish({ endpoint: type.endpoint, locale, document }, before, {
        language,
        cmsLocales: cmsLocales(process.env),
        strict: process.env.BUILD_STRICT === '1',
      });
      checking += Date.now() - checkStarted;
      // Several locales published at once: each error says which.
      for (const notice of outcome.errors) found.push({ title: entries.length > 1 ? `[${locale}]` : '', notice });
      records.push({ key: { uid: type.uid, documentId: entry.documentId, locale }, outcome });
    }
    const at = new Date().toISOString();
    const save = () =>
      Promise.all(
        records.map(({ key, outcome }) => saveCheck(strapi, key, { at, action: 'publish', ...(editor ? { editor } : {}), errors: outcome.errors, warnings: outcome.warnings })),
      ).catch((error) => strapi.log.warn(`[marea] could not keep the publish check of ${context.uid}: ${error.message}`));
    // Where a publish's time goes: reading the live site, the publish itself, the checks (docs/publishing.md, "The publish gate").
    const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
    const seconds = `${s(Date.now() - started)}: site read ${s(read - started)}, publish ${s(published - read)}, checks ${s(checking)}`;
    if (found.length > 0) {
      // Kept once the refused publish is rolled back: the check is what the editor's edit view shows.
      onRollback(() => void save());
      strapi.log.info(`[marea] publish of ${context.uid} refused (${found.length} error(s), ${seconds}): ${found.map(({ notice }) => notice.code).join(', ')}`);
      throw refusal(language, found);
    }
    onCommit(() => void save());
    const warnings = records.reduce((n, { outcome }) => n + outcome.warnings.length, 0);
    strapi.log.info(`[marea] publish of ${context.uid} checked in ${seconds}: ${warnings} warning(s)`);
    return result;
  });
}

function register({ strapi }) {
  strapi.documents.use(async (context, next) => {
    if (!publishes(context) || isUngated()) return next();
    const { gatedTypes } = checks();
    if (!gatedTypes().some((type) => type.uid === context.uid)) return next();
    return gate(strapi, context, next);
  });
}

module.exports = {
  register,
  // cms/src/index.js seeds through it: `strapi.plugin('marea').service('gate').ungated(() => …)`.
  services: { gate: () => ({ ungated }) },
};
