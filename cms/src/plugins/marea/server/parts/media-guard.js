'use strict';

/**
 * Published content is protected: an uploaded file that published entries
 * use (pages, the layout, modals, the error page; a media field of the
 * entry or of any component in it) cannot be deleted or replaced, because
 * either goes live at once, without a publish, on every page that shows it.
 * The refusal names the entries by title and locale in the editor's admin
 * language; once no published entry uses the file, it goes as usual. A
 * file only drafts use asks for confirmation: the first delete or replace
 * is refused, naming the drafts, and the same one by the same person within
 * two minutes goes ahead (draft-confirmations.js); the server log names
 * those drafts.
 *
 * The check sits on the upload plugin's own services (remove, replace), so
 * every way to them is covered: the Media Library's delete and replace, the
 * content API's DELETE /api/upload/files/:id and a folder's deletion; the
 * Media Library's bulk delete is checked as one selection first, so a
 * refused selection deletes none of its files.
 */
const { errors } = require('@strapi/utils');
const { entriesUsing } = require('../media-uses');
const { editorLanguage } = require('../editor-language');
const { refusal, draftQuestion, draftNote } = require('../media-guard-words');
const { draftConfirmations, requester } = require('../draft-confirmations');

const FILE = 'plugin::upload.file';
const FOLDER = 'plugin::upload.folder';

const confirmations = draftConfirmations();

/**
 * Asks once before files only drafts use go: refuses the first request
 * naming the drafts, lets the same request by the same person within the
 * window through. A bulk delete confirmed as one selection marks its files
 * on the request, so the upload service's own removal of each goes through.
 */
function confirmDrafts(strapi, uses, action) {
  const ctx = strapi.requestContext.get();
  const confirmed = ctx?.state?.mareaConfirmedFiles;
  const pending = uses.filter((use) => !confirmed?.has(Number(use.file.id)));
  if (pending.length === 0) return;
  const fileIds = pending.map((use) => Number(use.file.id));
  if (confirmations.confirm(requester(ctx), action, fileIds)) {
    if (ctx?.state) ctx.state.mareaConfirmedFiles = new Set([...(confirmed || []), ...fileIds]);
    for (const { file, drafts } of pending) strapi.log.info(`[marea] ${action} of ${file.name} confirmed: ${draftNote('en', drafts)}`);
    return;
  }
  const minutes = confirmations.within / 60_000;
  strapi.log.info(`[marea] ${action} of ${pending.map((use) => use.file.name).join(', ')} asked to confirm: ${draftQuestion('en', pending, action, minutes)}`);
  throw new errors.ApplicationError(draftQuestion(editorLanguage(strapi), pending, action, minutes), {
    usedByDrafts: pending.map(({ file, drafts }) => ({ file: { id: file.id, name: file.name }, entries: drafts })),
    confirmWithinSeconds: confirmations.within / 1000,
  });
}

/** Refuses `files` (rows of the upload plugin) when published entries use any of them; asks first when only drafts do. */
async function guard(strapi, files, action) {
  if (files.length === 0) return;
  const found = await entriesUsing(
    strapi,
    files.map((file) => file.id),
  );
  const uses = files.map((file) => {
    const entries = found.get(Number(file.id)) || [];
    return { file, published: entries.filter((entry) => entry.published), drafts: entries.filter((entry) => !entry.published) };
  });
  const refused = uses.filter((use) => use.published.length > 0);
  if (refused.length > 0) {
    const message = refusal(editorLanguage(strapi), refused);
    strapi.log.warn(`[marea] ${action} of ${refused.map((use) => use.file.name).join(', ')} refused: ${refusal('en', refused)}`);
    throw new errors.ApplicationError(message, {
      usedBy: refused.map(({ file, published }) => ({ file: { id: file.id, name: file.name }, entries: published })),
    });
  }
  const draftsOnly = uses.filter((use) => use.drafts.length > 0);
  if (draftsOnly.length > 0) confirmDrafts(strapi, draftsOnly, action);
}

/** The files a bulk delete of the Media Library would remove: those selected and those inside the folders selected. */
async function selection(strapi, { fileIds = [], folderIds = [] }) {
  const files = fileIds.length > 0 ? await strapi.db.query(FILE).findMany({ where: { id: { $in: fileIds } } }) : [];
  if (folderIds.length === 0) return files;
  const folders = await strapi.db.query(FOLDER).findMany({ where: { id: { $in: folderIds } } });
  if (folders.length === 0) return files;
  // The folder service deletes by path prefix (the folder and every folder below it): the same selection.
  const inFolders = await strapi.db.query(FILE).findMany({
    where: { $or: folders.flatMap(({ path }) => [{ folderPath: { $eq: path } }, { folderPath: { $startsWith: `${path}/` } }]) },
  });
  const seen = new Set(files.map((file) => file.id));
  return [...files, ...inFolders.filter((file) => !seen.has(file.id))];
}

function register({ strapi }) {
  strapi.get('services').extend('plugin::upload.upload', (upload) => ({
    ...upload,
    async remove(file) {
      await guard(strapi, [file], 'delete');
      return upload.remove(file);
    },
    async replace(id, input, options) {
      const file = await strapi.db.query(FILE).findOne({ where: { id } });
      if (file) await guard(strapi, [file], 'replace');
      return upload.replace(id, input, options);
    },
  }));
  strapi.get('controllers').extend('plugin::upload.admin-folder-file', (controller) => ({
    ...controller,
    async deleteMany(ctx) {
      await guard(strapi, await selection(strapi, ctx.request.body || {}), 'delete');
      return controller.deleteMany(ctx);
    },
  }));
}

module.exports = { register };
