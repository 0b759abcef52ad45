'use strict';

/**
 * Runs on every start of the CMS, and changes nothing the second time:
 * the site's locales, the build's API token (and, for local use, an admin,
 * both written to .tmp/marea-local.json once), and the content seeded from
 * the seed file (.tmp/seed.json, written by `npm run cms` from
 * content-cache/) into an empty database. An editor's later edits are never
 * overwritten: the seed runs once, marked in Strapi's store.
 */
const { randomBytes } = require('crypto');
const fs = require('fs');
const path = require('path');
const { isLocal } = require('../config/lib/deployment');
const { labelFields } = require('./admin-labels');

const LOCALES = [
  { code: 'en', name: 'English (en)' },
  { code: 'es-MX', name: 'Spanish (Mexico) (es-MX)' },
];
const ADMIN_EMAIL = 'admin@marea.local';
const TOKEN_NAME = 'marea-build';

const localFile = (strapi) => process.env.MAREA_CMS_LOCAL_FILE || path.join(strapi.dirs.app.root, '.tmp', 'marea-local.json');
const seedFile = (strapi) => process.env.MAREA_CMS_SEED_FILE || path.join(strapi.dirs.app.root, '.tmp', 'seed.json');

async function ensureLocales(strapi) {
  const locales = strapi.plugin('i18n').service('locales');
  const present = new Set((await locales.find()).map((locale) => locale.code));
  for (const locale of LOCALES) if (!present.has(locale.code)) await locales.create(locale);
  await locales.setDefaultLocale({ code: 'en' });
}

/**
 * What the build's token may do: find and findOne on the site's content
 * types (api::…, the ones the build crawls; single types have find only),
 * nothing of the users-permissions plugin (/api/users) or anything else.
 * Media files are read from /uploads/, which needs no token.
 */
const buildPermissions = (strapi) =>
  strapi.contentAPI.permissions.providers.action
    .keys()
    .filter((action) => /^api::[^.]+\.[^.]+\.(find|findOne)$/.test(action))
    .sort();

const TOKEN = { name: TOKEN_NAME, description: "The Marea build: reads the site's content types (find, findOne), nothing else.", type: 'custom', lifespan: null };

/**
 * The build's token, made once. A token made before (a read-only one, or
 * before a content type was added) gets the current permissions and keeps
 * its key, so the builds' CMS_TOKEN stays valid. Returns the stored token,
 * with `accessKey` only when it was made now.
 */
async function ensureBuildToken(strapi) {
  const tokens = strapi.service('admin::api-token');
  const permissions = buildPermissions(strapi);
  const stored = await tokens.getByName(TOKEN_NAME);
  if (!stored) return tokens.create({ ...TOKEN, permissions });
  if (stored.type !== 'custom' || [...stored.permissions].sort().join() !== permissions.join()) {
    await tokens.update(stored.id, { description: TOKEN.description, type: 'custom', permissions });
  }
  return stored;
}

/**
 * Local use: the local admin and the build's token, made once and kept in
 * the local file (.tmp/marea-local.json), where `npm run cms`, the tests and
 * `npm run webhook` read them; the admin's password is shown by `npm run cms`
 * only when it was made. A deployed CMS makes no admin (its first visitor to
 * /admin registers, docs/hosting-strapi.md) and writes no file: its build
 * token is read in the admin (Settings → API Tokens, kept encrypted with
 * ENCRYPTION_KEY).
 */
async function ensureAccess(strapi) {
  // Local use (`npm run cms`, tests: MAREA_CMS_LOCAL=true from start.ts) rather than a deployed CMS.
  if (!isLocal((name) => process.env[name])) {
    const token = await ensureBuildToken(strapi);
    if (token.accessKey) strapi.log.info(`[marea] made the build's API token "${TOKEN_NAME}": copy it from Settings → API Tokens into the site's CMS_TOKEN`);
    return;
  }
  const file = localFile(strapi);
  const users = strapi.service('admin::user');
  const tokens = strapi.service('admin::api-token');
  const saved = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
  if (saved) {
    fs.chmodSync(file, 0o600); // the admin's password and the build's token: readable by this user only
    // The saved token still opens the CMS only if its hash is the stored one (new secrets change the salt).
    const stored = await strapi.db.query('admin::api-token').findOne({ where: { name: TOKEN_NAME } });
    if (stored && stored.accessKey === tokens.hash(saved.token) && (await users.exists({ email: saved.adminEmail }))) {
      await ensureBuildToken(strapi);
      return;
    }
  }

  const adminPassword = `Marea-${randomBytes(9).toString('base64url')}1`;
  const existing = await strapi.db.query('admin::user').findOne({ where: { email: ADMIN_EMAIL } });
  if (existing) await users.updateById(existing.id, { password: adminPassword });
  else {
    const superAdmin = await strapi.service('admin::role').getSuperAdmin();
    await users.create({ email: ADMIN_EMAIL, firstname: 'Marea', lastname: 'Editor', password: adminPassword, isActive: true, registrationToken: null, roles: [superAdmin.id] });
  }
  const old = await strapi.db.query('admin::api-token').findOne({ where: { name: TOKEN_NAME } });
  if (old) await tokens.revoke(old.id);
  const created = await ensureBuildToken(strapi);
  // Kept: what the plugin saved in the same file (its report token, cms/src/plugins/marea/server/parts/reports.js).
  const access = { ...saved, adminEmail: ADMIN_EMAIL, adminPassword, token: created.accessKey };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(access, null, 2)}\n`, { mode: 0o600 });
  // `mode` applies only to a new file: one that was 644 would stay 644.
  fs.chmodSync(file, 0o600);
}

/** Marks a `{ $document }` reference to a document the seed skipped: left out of the relation it was in. */
const SKIPPED = Symbol('skipped document');

/**
 * Replaces `{ $media }` and `{ $document }` references by the uploaded file's
 * id and the created document's documentId; a reference to a document the
 * seed had to skip is left out (the relation keeps the others).
 */
function resolve(value, media, documents) {
  if (Array.isArray(value)) return value.map((item) => resolve(item, media, documents)).filter((item) => item !== SKIPPED);
  if (value === null || typeof value !== 'object') return value;
  if (typeof value.$media === 'string') {
    if (!media.has(value.$media)) throw new Error(`seed: no uploaded file for ${value.$media}`);
    return media.get(value.$media);
  }
  if (typeof value.$document === 'string') {
    if (!documents.has(value.$document)) return SKIPPED;
    return documents.get(value.$document);
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, media, documents)]));
}

/**
 * Why Strapi refused an entry, field by field: a ValidationError's details
 * (`links.0.btntext: links[0].btntext must be defined`), else its message.
 * A bare "2 errors occurred" names nothing an editor could fix.
 */
function refusal(error) {
  const details = error && error.details && Array.isArray(error.details.errors) ? error.details.errors : [];
  if (details.length === 0) return [String((error && error.message) || error)];
  return details.map((detail) => `${Array.isArray(detail.path) && detail.path.length > 0 ? detail.path.join('.') : '(entry)'}: ${detail.message}`);
}

async function seed(strapi) {
  const marker = strapi.store({ type: 'plugin', name: 'marea', key: 'seeded' });
  if (await marker.get()) return;
  const file = seedFile(strapi);
  if (!fs.existsSync(file)) return;
  const started = Date.now();
  const { media, documents } = JSON.parse(fs.readFileSync(file, 'utf8'));

  const uploaded = new Map();
  const upload = strapi.plugin('upload').service('upload');
  for (const item of media) {
    const { size } = fs.statSync(item.file);
    const [file] = await upload.upload({
      data: { fileInfo: { name: item.name, alternativeText: item.alternativeText, caption: item.caption } },
      files: { filepath: item.file, originalFilename: item.name, mimetype: item.mime, size },
    });
    uploaded.set(item.key, file.id);
  }

  // An entry Strapi refuses is named and skipped, never the end of the start: the editor fixes it in the admin
  // (the build reports what it makes of such content; content contract, "Validation").
  const created = new Map();
  const skipped = [];
  for (const document of documents) {
    const service = strapi.documents(document.uid);
    let documentId = null;
    for (const entry of document.entries) {
      const params = { data: resolve(entry.data, uploaded, created), status: 'published', ...(entry.locale ? { locale: entry.locale } : {}) };
      try {
        const result = documentId === null ? await service.create(params) : await service.update({ documentId, ...params });
        documentId = result.documentId;
      } catch (error) {
        const reasons = refusal(error);
        skipped.push({ document: document.name, key: document.key, locale: entry.locale, reasons });
        strapi.log.warn(`[marea] seed: skipped ${document.name}${entry.locale ? ` (${entry.locale})` : ''}, which Strapi refused: ${reasons.join('; ')}`);
      }
    }
    if (documentId !== null) created.set(document.key, documentId);
  }

  const counts = { media: uploaded.size, documents: created.size, skipped: skipped.length, seconds: (Date.now() - started) / 1000 };
  await marker.set({ value: { at: new Date().toISOString(), from: file, ...counts, skipped } });
  strapi.log.info(
    `[marea] seeded ${counts.documents} documents and ${counts.media} media files in ${counts.seconds} s` +
      (skipped.length > 0 ? `; ${skipped.length} ${skipped.length === 1 ? 'entry' : 'entries'} skipped (named above)` : ''),
  );
}

const WEBHOOK_NAME = 'Marea site (npm run webhook)';

/**
 * The webhook to Marea's webhook service, with its secret header, when
 * `npm run cms` passes MAREA_WEBHOOK_URL and MAREA_WEBHOOK_SECRET: created
 * once, updated on later starts (a new port or secret), and registered with
 * the running webhook runner. Set here rather than through the admin API,
 * which refuses local addresses in production mode (and the service is
 * local: 127.0.0.1). Registered after the seed, so seeding sends no events.
 */
async function ensureWebhook(strapi) {
  const url = process.env.MAREA_WEBHOOK_URL;
  const secret = process.env.MAREA_WEBHOOK_SECRET;
  if (!url || !secret) return;
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  const allowed = new Set(Array.from(store.allowedEvents.values()));
  const wanted = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'];
  const data = { name: WEBHOOK_NAME, url, headers: { Authorization: `Bearer ${secret}` }, events: wanted.filter((event) => allowed.has(event)), isEnabled: true };
  const existing = (await store.findWebhooks()).find((webhook) => webhook.name === WEBHOOK_NAME);
  if (existing) runner.update(await store.updateWebhook(existing.id, data));
  else runner.add(await store.createWebhook(data));
  strapi.log.info(`[marea] webhook ${existing ? 'updated' : 'created'}: ${data.events.join(', ')} → ${url}`);
}

module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    await ensureLocales(strapi);
    await ensureAccess(strapi);
    await labelFields(strapi);
    // The seed is the one writer the publish gate lets through (the Marea plugin's ungated.js).
    const gate = strapi.plugin('marea')?.service('gate');
    await (gate ? gate.ungated(() => seed(strapi)) : seed(strapi));
    await ensureWebhook(strapi);
  },
};
