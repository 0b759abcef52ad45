'use strict';

/**
 * Unpublishing or deleting a page that other published entries link to
 * (pages, the layout, modals, the error page: link fields, buttons, menus,
 * rich text) warns, naming them by title and locale: their links would lead
 * to the 404 page. It never refuses (the page may be going on purpose). The
 * links are found by the build's own checks, bundled into generated/checks.js
 * (src/node/cms-gate/unpublish.ts), on the site as it was and as it is
 * without the page. The warning is the page's last check (check-store.js),
 * which its edit view shows, and a line of the server log.
 */
const path = require('path');
const { saveCheck } = require('../check-store');
const { editorLanguage, editorName } = require('../editor-language');
const { publishedSite } = require('../published-site');

const PAGE = 'api::page.page';
const BUNDLE = path.join(__dirname, '..', 'generated', 'checks.js');
const checks = () => require(BUNDLE);

const HEADLINE = {
  en: (title, names) => `Published entries link to "${title}": ${names.join(', ')}. Those links now lead to the 404 page.`,
  es: (title, names) => `Entradas publicadas enlazan a "${title}": ${names.join(', ')}. Esos enlaces ahora llevan a la página 404.`,
};
const HINT = {
  en: 'Point those links at another page, or publish this page again.',
  es: 'Apunta esos enlaces a otra página, o vuelve a publicar esta.',
};

/** The CMS locales a call removes: one, several, or every locale (`'*'`); none given is the default locale. */
async function localesOf(strapi, context, all) {
  const locale = context.params?.locale;
  if (locale === '*') return all;
  if (Array.isArray(locale)) return locale;
  if (typeof locale === 'string') return [locale];
  return [await strapi.plugin('i18n').service('locales').getDefaultLocale()];
}

/** What the page's going leaves behind in one locale, kept as its last check and logged. */
async function warn(strapi, { context, before, locale, language, editor, read }) {
  const started = Date.now();
  const { checkUnpublish, cmsLocales } = checks();
  const documentId = context.params.documentId;
  const page = (before.pages?.[locale] || []).find((entry) => entry.documentId === documentId);
  if (!page) return;
  const linking = checkUnpublish({ documentId, locale }, before, { language, cmsLocales: cmsLocales(process.env), strict: process.env.BUILD_STRICT === '1' });
  const names = linking.map((entry) => entry.name);
  const headline = names.length > 0 ? [{ code: 'LinkedFromPublished', severity: 'warning', message: HEADLINE[language](page.title, names), hint: HINT[language], language }] : [];
  const warnings = [...headline, ...linking.flatMap((entry) => entry.notices)];
  await saveCheck(strapi, { uid: PAGE, documentId, locale }, { at: new Date().toISOString(), action: context.action, ...(editor ? { editor } : {}), errors: [], warnings });
  const timing = `site read in ${read} ms, checked in ${Date.now() - started} ms`;
  if (names.length > 0) strapi.log.warn(`[marea] ${context.action} of page "${page.title}" (${locale}) (${timing}): ${HEADLINE.en(page.title, names)}`);
  else strapi.log.info(`[marea] ${context.action} of page "${page.title}" (${locale}) (${timing}): no published entry links to it`);
}

function register({ strapi }) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== PAGE || (context.action !== 'unpublish' && context.action !== 'delete') || !strapi.requestContext.get() || !context.params?.documentId) return next();
    const { gatedTypes, cmsLocales } = checks();
    const all = Object.values(cmsLocales(process.env));
    const asked = (await localesOf(strapi, context, all)).filter((locale) => all.includes(locale));
    // Only a published version can be linked to: deleting a draft costs no read of the site.
    const live = await strapi.db
      .query(PAGE)
      .findMany({ select: ['locale'], where: { documentId: context.params.documentId, locale: { $in: asked }, publishedAt: { $notNull: true } } });
    const locales = asked.filter((locale) => live.some((row) => row.locale === locale));
    if (locales.length === 0) return next();
    // The site as it is live now, the page included: read before the call removes it.
    const started = Date.now();
    const before = await publishedSite(strapi, gatedTypes(), all);
    const read = Date.now() - started;
    const result = await next();
    const language = editorLanguage(strapi);
    const editor = editorName(strapi);
    for (const locale of locales) {
      // A warning must never fail what the editor asked for: the page is already gone.
      await warn(strapi, { context, before, locale, language, editor, read }).catch((error) =>
        strapi.log.warn(`[marea] could not check what links to page ${context.params.documentId} (${locale}): ${error.message}`),
      );
    }
    return result;
  });
}

module.exports = { register };
