'use strict';

/**
 * What the media guard says to an editor, in English and Spanish: the
 * entries are named as the admin lists them (title and locale), so the
 * editor can open each and replace the file there.
 */

const named = (entries) => entries.map((entry) => (entry.locale ? `${entry.title} (${entry.locale})` : entry.title)).join(', ');

const WORDS = {
  en: {
    used: (entries) => `Used by published entries: ${named(entries)}.`,
    fileUsed: (file, entries) => `Published entries using ${file}: ${named(entries)}.`,
    replace: (image) => `Replace the ${image ? 'image' : 'file'} in them first.`,
    replaceMany: 'Replace the files in them first, or leave those files out.',
    drafts: (entries) => `Drafts that used it: ${named(entries)}.`,
    usedByDrafts: (entries) => `Used by drafts: ${named(entries)}.`,
    fileUsedByDrafts: (file, entries) => `Drafts using ${file}: ${named(entries)}.`,
    again: (action, many, minutes) => `${action === 'replace' ? 'Replace' : 'Delete'} ${many ? 'them ' : ''}again within ${minutes} minutes to confirm.`,
  },
  es: {
    used: (entries) => `Lo usan entradas publicadas: ${named(entries)}.`,
    fileUsed: (file, entries) => `Entradas publicadas que usan ${file}: ${named(entries)}.`,
    replace: (image) => `Primero reemplaza ${image ? 'la imagen' : 'el archivo'} en ellas.`,
    replaceMany: 'Primero reemplaza esos archivos en ellas, o déjalos fuera de la selección.',
    drafts: (entries) => `Borradores que lo usaban: ${named(entries)}.`,
    usedByDrafts: (entries) => `Lo usan borradores: ${named(entries)}.`,
    fileUsedByDrafts: (file, entries) => `Borradores que usan ${file}: ${named(entries)}.`,
    again: (action, many, minutes) => `Vuelve a ${action === 'replace' ? 'reemplazar' : 'eliminar'}${many ? 'los' : 'lo'} en los próximos ${minutes} minutos para confirmar.`,
  },
};

/**
 * The refusal for a selection of files: `uses` is [{ file: { name, mime },
 * published: entries }] for the files published entries use.
 */
function refusal(language, uses) {
  const words = WORDS[language];
  if (uses.length === 1) return `${words.used(uses[0].published)} ${words.replace(uses[0].file.mime?.startsWith('image/'))}`;
  return [...uses.map(({ file, published }) => words.fileUsed(file.name, published)), words.replaceMany].join(' ');
}

/**
 * The question for files only drafts use: `uses` is [{ file: { name },
 * drafts: entries }]; `action` is `delete` or `replace`.
 */
function draftQuestion(language, uses, action, minutes) {
  const words = WORDS[language];
  if (uses.length === 1) return `${words.usedByDrafts(uses[0].drafts)} ${words.again(action, false, minutes)}`;
  return [...uses.map(({ file, drafts }) => words.fileUsedByDrafts(file.name, drafts)), words.again(action, true, minutes)].join(' ');
}

/** The note for a file deleted although drafts used it (the server log names them). */
const draftNote = (language, drafts) => WORDS[language].drafts(drafts);

module.exports = { refusal, draftQuestion, draftNote };
