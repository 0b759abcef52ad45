'use strict';

/**
 * Build reports: every build of the site (the webhook service, a Netlify
 * build, the CI workflow) posts what it did to the plugin, and the admin's
 * Publishing page, its homepage widget and each entry's edit view read it
 * back (docs/publishing.md; docs/architecture.md, "Build reports").
 *
 * - POST /api/marea/reports (content API) takes a report. It is authorised by
 *   the report token, a custom API token made here whose only permission is
 *   that route: the build's own token stays read-only (content contract).
 * - GET /marea/reports, /marea/reports/latest and /marea/reports/entry
 *   (admin API) list them for the admin panel and the tests.
 * - A document-service middleware records who published, unpublished or
 *   deleted which entry: Strapi's webhooks do not say who.
 *
 * A report carries the edits published since the last live build and before
 * it started. A publish with no report started after it for five minutes
 * means the build never ran (webhook not delivered, build hook down): the
 * widget says the site has not been updated since then.
 */
const fs = require('fs');
const path = require('path');
const { readCheck } = require('../check-store');
const { REPORT_TOKEN_NAME, UID_OF_ENTITY, SITE_UIDS: SITE_UID_LIST } = require('../names');

const REPORT_UID = 'plugin::marea.build-report';
const PUBLISH_UID = 'plugin::marea.publish-record';
const REPORT_ACTION = 'plugin::marea.reports.create';
/** How long a publish may wait for its build before the widget calls the site stale: five minutes (MAREA_STALE_AFTER_SECONDS, for tests). */
const staleAfterMs = () => (Number(process.env.MAREA_STALE_AFTER_SECONDS) || 300) * 1000;
/** How long after a publish the edit view waits for its build's report (it asks again every few seconds meanwhile). */
const PENDING_FOR_MS = 15 * 60 * 1000;
/** Reports and publish records kept (older ones are deleted as new ones arrive). */
const KEEP = 200;

const SITE_UIDS = new Set(SITE_UID_LIST);

const hidden = { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } };

const contentTypes = {
  'build-report': {
    schema: {
      kind: 'collectionType',
      collectionName: 'marea_build_reports',
      info: { singularName: 'build-report', pluralName: 'build-reports', displayName: 'Build report' },
      options: { draftAndPublish: false },
      pluginOptions: hidden,
      attributes: {
        source: { type: 'string' },
        result: { type: 'string' },
        startedAt: { type: 'datetime' },
        finishedAt: { type: 'datetime' },
        buildId: { type: 'string' },
        body: { type: 'json' },
      },
    },
  },
  'publish-record': {
    schema: {
      kind: 'collectionType',
      collectionName: 'marea_publish_records',
      info: { singularName: 'publish-record', pluralName: 'publish-records', displayName: 'Publish record' },
      options: { draftAndPublish: false },
      pluginOptions: hidden,
      attributes: {
        action: { type: 'string' },
        uid: { type: 'string' },
        entryId: { type: 'string' },
        locale: { type: 'string' },
        title: { type: 'string' },
        editor: { type: 'string' },
        at: { type: 'datetime' },
      },
    },
  },
};

const text = (value, max = 2000) => (typeof value === 'string' ? value.slice(0, max) : undefined);
const list = (value, max = 500) => (Array.isArray(value) ? value.slice(0, max) : []);
/** An issue's message and hint in one language, capped as the English ones are; undefined when there are none. */
const wordsIn = (value) => (value && typeof value === 'object' && typeof value.message === 'string' ? { message: text(value.message), hint: text(value.hint) } : undefined);
/** `{ en: { message, hint }, es: { message, hint } }`: the admin shows its user's language, English when a language is missing. */
function issueWords(value) {
  if (!value || typeof value !== 'object') return undefined;
  const words = { en: wordsIn(value.en), es: wordsIn(value.es) };
  return words.en || words.es ? words : undefined;
}
const isoOr = (value, fallback) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : fallback);

/** The entry's words in the admin: its title, or what stands for one in types without a title. */
function titleOf(uid, entry) {
  if (!entry) return undefined;
  return entry.title || entry.modalName || entry.code || entry.label || (uid === 'api::layout.layout' ? 'Layout' : uid === 'api::error-page.error-page' ? 'Error page' : undefined);
}

/** Where the admin opens an entry (Strapi 5's content manager). */
function adminPath(uid, documentId, locale) {
  const kind = uid === 'api::layout.layout' || uid === 'api::error-page.error-page' ? 'single-types' : 'collection-types';
  const query = locale ? `?plugins[i18n][locale]=${encodeURIComponent(locale)}` : '';
  return kind === 'single-types' ? `/content-manager/single-types/${uid}${query}` : `/content-manager/collection-types/${uid}/${documentId}${query}`;
}

/** Who the request is: the admin user's name, or the API token's (a REST publish). */
function editorOf(strapi) {
  const state = strapi.requestContext.get()?.state;
  const user = state?.user;
  if (user) return [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username || user.email;
  const token = state?.auth?.credentials;
  if (token && token.name) return `API token "${token.name}"`;
  return undefined;
}

/** An issue as stored: the build's words, plus the entry it is about (uid, documentId, title) found in the CMS. */
async function enrichIssue(strapi, issue) {
  const out = {
    severity: issue.severity === 'error' ? 'error' : 'warning',
    code: text(issue.code, 80) ?? 'Unknown',
    message: text(issue.message) ?? '',
    hint: text(issue.hint),
    entity: text(issue.entity, 40),
    locale: text(issue.locale, 20),
    cmsLocale: text(issue.cmsLocale, 20),
    slug: text(issue.slug, 300),
    block: text(issue.block, 200),
    field: text(issue.field, 300),
    fieldWords: issue.fieldWords && typeof issue.fieldWords === 'object' ? { en: text(issue.fieldWords.en, 300), es: text(issue.fieldWords.es, 300) } : undefined,
    documentId: text(issue.documentId, 80),
    words: issueWords(issue.words),
  };
  const uid = UID_OF_ENTITY[out.entity];
  if (!uid) return out;
  out.uid = uid;
  const locale = uid === 'api::promo-code.promo-code' ? undefined : out.cmsLocale;
  try {
    // The published version names the page as it is live; a page never published (held back) has only its draft.
    const find = async (status) => {
      const params = { status, ...(locale ? { locale } : {}) };
      if (out.documentId) return strapi.documents(uid).findOne({ documentId: out.documentId, ...params });
      if (uid === 'api::layout.layout' || uid === 'api::error-page.error-page') return strapi.documents(uid).findFirst(params);
      if (!out.slug) return null;
      const field = { 'api::page.page': 'slug', 'api::modal.modal': 'modalName', 'api::promo-code.promo-code': 'code' }[uid];
      return strapi.documents(uid).findFirst({ ...params, filters: { [field]: out.slug } });
    };
    const entry = (await find('published')) ?? (await find('draft'));
    if (entry) {
      out.documentId = entry.documentId;
      out.title = titleOf(uid, entry);
      out.adminPath = adminPath(uid, entry.documentId, locale);
    }
  } catch (error) {
    strapi.log.warn(`[marea] report: could not find the entry of ${out.code} (${out.entity} ${out.slug ?? ''}): ${error.message}`);
  }
  return out;
}

/**
 * How an earlier build is put back: through the webhook service this CMS
 * posts its webhooks to (the plugin calls it with the webhook's secret, never
 * at an address a report names), or on the Netlify deploy's own page.
 */
function rollbackOf(value) {
  if (!value || typeof value !== 'object') return undefined;
  if (value.kind === 'webhook') return { kind: 'webhook' };
  const url = text(value.url, 500);
  if (value.kind === 'netlify' && url && url.startsWith('https://app.netlify.com/')) return { kind: 'netlify', url };
  return undefined;
}

/** The webhook service's origin and secret, from the webhook `npm run cms` registers (cms/src/index.js); null without one. */
function webhookService() {
  const url = process.env.MAREA_WEBHOOK_URL;
  const secret = process.env.MAREA_WEBHOOK_SECRET;
  return url && secret ? { origin: new URL(url).origin, secret } : null;
}

async function callService(pathname, method) {
  const service = webhookService();
  if (!service) return { status: 404, body: { error: 'no webhook service: builds run elsewhere (Netlify, CI)' } };
  const response = await fetch(`${service.origin}${pathname}`, { method, headers: { Authorization: `Bearer ${service.secret}` }, signal: AbortSignal.timeout(120000) });
  return { status: response.status, body: await response.json().catch(() => ({ error: `${response.status} from the webhook service` })) };
}

/** A posted report, checked and trimmed to what the admin shows. */
async function normalise(strapi, body) {
  const now = new Date().toISOString();
  const result = ['published', 'failed', 'held-back'].includes(body.result) ? body.result : 'failed';
  const pages = body.pages && typeof body.pages === 'object' ? body.pages : {};
  const issues = await Promise.all(list(body.issues).map((issue) => enrichIssue(strapi, issue || {})));
  return {
    source: ['webhook', 'netlify', 'ci', 'build'].includes(body.source) ? body.source : 'build',
    result,
    startedAt: isoOr(body.startedAt, now),
    finishedAt: isoOr(body.finishedAt, now),
    buildId: text(body.buildId, 100) ?? null,
    body: {
      siteUrl: text(body.siteUrl, 300),
      error: text(body.error),
      mode: text(body.mode, 40),
      reason: text(body.reason, 500),
      events: list(body.events, 50).map((event) => text(event, 300)),
      pages: { added: list(pages.added).map((p) => text(p, 500)), changed: list(pages.changed).map((p) => text(p, 500)), removed: list(pages.removed).map((p) => text(p, 500)) },
      heldBack: list(body.heldBack).map((item) => ({
        locale: text(item?.locale, 20),
        slug: text(item?.slug, 300),
        path: text(item?.path, 500),
        title: text(item?.title, 300),
        reason: text(item?.reason),
        reasons: item?.reasons && typeof item.reasons === 'object' ? { en: text(item.reasons.en), es: text(item.reasons.es) } : undefined,
      })),
      issues,
      rollback: rollbackOf(body.rollback),
    },
  };
}

/** Deletes all but the newest `KEEP` rows of a plugin type. */
async function prune(strapi, uid, order) {
  const old = await strapi.db.query(uid).findMany({ select: ['id'], orderBy: { [order]: 'desc' }, offset: KEEP, limit: 1000 });
  if (old.length > 0) await strapi.db.query(uid).deleteMany({ where: { id: { $in: old.map((row) => row.id) } } });
}

const service = ({ strapi }) => ({
  async save(body) {
    const report = await normalise(strapi, body || {});
    const saved = await strapi.db.query(REPORT_UID).create({ data: report });
    await prune(strapi, REPORT_UID, 'finishedAt');
    return saved;
  },

  async recordPublish(record) {
    await strapi.db.query(PUBLISH_UID).create({ data: record });
    await prune(strapi, PUBLISH_UID, 'at');
  },

  /**
   * The newest reports, each with the edits it carried: those published after
   * the last live build before it started, and no later than its start.
   */
  async list({ limit = 20 } = {}) {
    // All kept reports: the window of the oldest listed starts at a live build before it.
    const reports = await strapi.db.query(REPORT_UID).findMany({ orderBy: { startedAt: 'desc' }, limit: KEEP });
    const publishes = await strapi.db.query(PUBLISH_UID).findMany({ orderBy: { at: 'desc' }, limit: KEEP });
    const chronological = [...reports].reverse();
    const joined = chronological.map((report, i) => {
      const lastLive = chronological
        .slice(0, i)
        .reverse()
        .find((r) => r.result !== 'failed');
      const from = lastLive ? Date.parse(lastLive.startedAt) : -Infinity;
      const to = Date.parse(report.startedAt);
      const edits = publishes.filter((p) => Date.parse(p.at) > from && Date.parse(p.at) <= to).map(publishView);
      return view(report, edits);
    });
    return joined.reverse().slice(0, limit);
  },

  /** The widget's data: the latest report, and the oldest publish no build has started after for five minutes. */
  async latest() {
    const [report] = await this.list({ limit: 1 });
    const [lastPublish] = await strapi.db.query(PUBLISH_UID).findMany({ orderBy: { at: 'desc' }, limit: 1 });
    const started = report ? Date.parse(report.startedAt) : -Infinity;
    let stale = null;
    if (lastPublish && Date.parse(lastPublish.at) > started) {
      const waiting = await strapi.db
        .query(PUBLISH_UID)
        .findMany({ where: { at: { $gt: new Date(Number.isFinite(started) ? started : 0).toISOString() } }, orderBy: { at: 'asc' }, limit: 1 });
      const first = waiting[0] ?? lastPublish;
      if (Date.now() - Date.parse(first.at) > staleAfterMs()) stale = { since: first.at, publish: publishView(first) };
    }
    return { report: report ?? null, stale, staleAfterMinutes: staleAfterMs() / 60000 };
  },

  /**
   * An entry's own last outcome: the last report that names it (an issue, or
   * an edit it carried), the gate's stored check, and whether a publish of it
   * still waits for its build (`pending`).
   */
  async entry({ uid, documentId, locale }) {
    const reports = await this.list({ limit: 50 });
    const names = (report) =>
      report.issues.some((i) => i.documentId === documentId && (!locale || !i.cmsLocale || i.cmsLocale === locale)) ||
      report.edits.some((e) => e.documentId === documentId && (!locale || !e.locale || e.locale === locale));
    const report = reports.find(names) ?? null;
    const check = await readCheck(strapi, { uid, documentId, locale: locale || '' });
    // Its last publish that no build has started after yet (a quarter of an hour at most: a build may run long): the edit view asks again until its build reports.
    const [published] = await strapi.db.query(PUBLISH_UID).findMany({ where: { entryId: documentId, ...(locale ? { locale } : {}) }, orderBy: { at: 'desc' }, limit: 1 });
    const lastStart = reports[0] ? Date.parse(reports[0].startedAt) : -Infinity;
    const pending = Boolean(published && Date.parse(published.at) > lastStart && Date.now() - Date.parse(published.at) < PENDING_FOR_MS);
    return {
      report: report && { ...report, issues: report.issues.filter((i) => i.documentId === documentId && (!locale || !i.cmsLocale || i.cmsLocale === locale)) },
      check,
      pending,
    };
  },
});

function publishView(record) {
  return { action: record.action, uid: record.uid, documentId: record.entryId, locale: record.locale || undefined, title: record.title, editor: record.editor, at: record.at };
}

function view(report, edits) {
  const body = report.body || {};
  const seconds = (Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000;
  const firstEdit = edits.length > 0 ? Math.min(...edits.map((e) => Date.parse(e.at))) : null;
  return {
    id: report.id,
    source: report.source,
    result: report.result,
    startedAt: report.startedAt,
    finishedAt: report.finishedAt,
    seconds,
    // Live after N s: from the first edit it carried to the end of the build.
    liveAfterSeconds: report.result !== 'failed' && firstEdit !== null ? (Date.parse(report.finishedAt) - firstEdit) / 1000 : null,
    buildId: report.buildId,
    ...body,
    issues: (body.issues || []).map((issue) => ({ ...issue })),
    edits,
  };
}

const controllers = {
  reports: ({ strapi }) => ({
    /** The content-API route of the report token. */
    async create(ctx) {
      const saved = await strapi.plugin('marea').service('reports').save(ctx.request.body);
      ctx.status = 201;
      ctx.body = { data: { id: saved.id } };
    },
  }),
  'reports-admin': ({ strapi }) => ({
    async list(ctx) {
      const limit = Math.max(1, Math.min(Number(ctx.query.limit) || 20, KEEP));
      ctx.body = { data: await strapi.plugin('marea').service('reports').list({ limit }) };
    },
    async latest(ctx) {
      ctx.body = { data: await strapi.plugin('marea').service('reports').latest() };
    },
    /** The webhook service's kept builds (for the rollback menu). */
    async builds(ctx) {
      const answer = await callService('/builds', 'GET').catch((error) => ({ status: 502, body: { error: `the webhook service does not answer: ${error.message}` } }));
      ctx.status = answer.status;
      ctx.body = answer.body;
    },
    /** Puts a kept build back live through the webhook service (`npm run rollback`'s mechanism). */
    async rollback(ctx) {
      const build = String(ctx.request.body?.buildId ?? '');
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(build)) return ctx.badRequest('buildId is required');
      const answer = await callService(`/rollback?build=${encodeURIComponent(build)}`, 'POST').catch((error) => ({
        status: 502,
        body: { error: `the webhook service does not answer: ${error.message}` },
      }));
      ctx.status = answer.status;
      ctx.body = answer.body;
    },
    async entry(ctx) {
      const { uid, documentId, locale } = ctx.query;
      if (typeof uid !== 'string' || typeof documentId !== 'string') return ctx.badRequest('uid and documentId are required');
      ctx.body = {
        data: await strapi
          .plugin('marea')
          .service('reports')
          .entry({ uid, documentId, locale: typeof locale === 'string' ? locale : '' }),
      };
    },
  }),
};

const admin = { policies: ['admin::isAuthenticatedAdmin'] };

/**
 * Putting an earlier build live changes the whole site: a permission of its
 * own (Settings → Roles → Plugins → Marea), which Super Admins have and
 * Editors and Authors do not until a Super Admin gives it.
 */
const ROLLBACK_ACTION = { section: 'plugins', displayName: 'Roll back the site to an earlier build', uid: 'rollback', pluginName: 'marea' };
const rollbackOnly = { policies: ['admin::isAuthenticatedAdmin', { name: 'admin::hasPermissions', config: { actions: ['plugin::marea.rollback'] } }] };

const routes = {
  'content-api': { type: 'content-api', routes: [{ method: 'POST', path: '/reports', handler: 'reports.create', config: { policies: [] } }] },
  admin: {
    type: 'admin',
    routes: [
      { method: 'GET', path: '/reports', handler: 'reports-admin.list', config: admin },
      { method: 'GET', path: '/reports/latest', handler: 'reports-admin.latest', config: admin },
      { method: 'GET', path: '/reports/entry', handler: 'reports-admin.entry', config: admin },
      { method: 'GET', path: '/builds', handler: 'reports-admin.builds', config: admin },
      { method: 'POST', path: '/rollback', handler: 'reports-admin.rollback', config: rollbackOnly },
    ],
  },
};

const localFile = (strapi) => process.env.MAREA_CMS_LOCAL_FILE || path.join(strapi.dirs.app.root, '.tmp', 'marea-local.json');

/**
 * The report token: made once, kept (with the build's token and the local
 * login) in .tmp/marea-local.json, where `npm run webhook` reads it. Made
 * again when the saved one no longer opens the route (new secrets).
 */
async function ensureReportToken(strapi) {
  const file = localFile(strapi);
  const tokens = strapi.service('admin::api-token');
  const saved = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const stored = await strapi.db.query('admin::api-token').findOne({ where: { name: REPORT_TOKEN_NAME } });
  if (stored && saved.reportToken && stored.accessKey === tokens.hash(saved.reportToken)) return;
  if (stored) await tokens.revoke(stored.id);
  const created = await tokens.create({
    name: REPORT_TOKEN_NAME,
    description: 'Builds post their reports with it (Marea plugin); it can do nothing else.',
    type: 'custom',
    permissions: [REPORT_ACTION],
    lifespan: null,
  });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const current = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  fs.writeFileSync(file, `${JSON.stringify({ ...current, reportToken: created.accessKey }, null, 2)}\n`, { mode: 0o600 });
}

/** What a document-service call did to the public site: publish, unpublish or delete; null for a draft's change. */
function actionOf(context) {
  if (['publish', 'unpublish', 'delete'].includes(context.action)) return context.action;
  // The REST API's create and update publish at once (status 'published'), without calling publish through here.
  if (['create', 'update'].includes(context.action) && context.params?.status === 'published') return 'publish';
  return null;
}

/**
 * Records each publish, unpublish and delete of the site's content made
 * through a request (admin or REST) with who made it, once it succeeded.
 * Calls outside a request (the seed at start) are no editor's.
 */
function recordPublishes(strapi) {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    const action = actionOf(context);
    if (!SITE_UIDS.has(context.uid) || !action || !strapi.requestContext.get()) return result;
    try {
      const params = context.params || {};
      const entry = result?.entries?.[0] ?? (result?.documentId ? result : null);
      const locale = typeof params.locale === 'string' && params.locale !== '*' ? params.locale : (entry?.locale ?? '');
      await strapi
        .plugin('marea')
        .service('reports')
        .recordPublish({
          action,
          uid: context.uid,
          entryId: params.documentId ?? entry?.documentId ?? '',
          locale: locale || '',
          title: titleOf(context.uid, entry) ?? '',
          editor: editorOf(strapi) ?? '',
          at: new Date().toISOString(),
        });
    } catch (error) {
      strapi.log.warn(`[marea] could not record the ${action} of ${context.uid}: ${error.message}`);
    }
    return result;
  });
}

module.exports = {
  contentTypes,
  services: { reports: service },
  controllers,
  routes,
  register({ strapi }) {
    recordPublishes(strapi);
  },
  async bootstrap({ strapi }) {
    await strapi.service('admin::permission').actionProvider.registerMany([ROLLBACK_ACTION]);
    await ensureReportToken(strapi);
  },
};
