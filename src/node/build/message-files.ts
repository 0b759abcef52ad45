import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LOCALES } from '../../shared/locales.js';
import type { Locale } from '../../shared/model.js';
import { sha256 } from './hash.js';

/**
 * Rule 11: each locale's messages (`locales/<locale>.json`) are published as
 * one immutable, content-hashed file, `/assets/messages-<locale>.<hash>.json`
 * (the specification's "two static message files, one per locale"): every
 * page preloads its locale's file (render.ts), the browser loads it before
 * hydration and keeps it for the visit (src/client/i18n/load-messages.ts),
 * and the CDN caches `/assets/*` for a year. The name is derived here, from
 * the file's content, so the client build (which writes the files and
 * compiles their URLs in) and the prerender (which names the page's file in
 * its preload) agree without reading each other's output.
 */
export interface MessageFile {
  /** Path in the site, `assets/messages-en.0123456789.json`. */
  fileName: string;
  /** The URL pages name, `/assets/messages-en.0123456789.json`. */
  url: string;
  /** The file's content: the messages as compact JSON. */
  source: string;
}

export function messageFile(root: string, locale: Locale): MessageFile {
  const source = JSON.stringify(JSON.parse(readFileSync(path.join(root, `locales/${locale}.json`), 'utf8')));
  const fileName = `assets/messages-${locale}.${sha256(source).slice(0, 10)}.json`;
  return { fileName, url: `/${fileName}`, source };
}

/** The module the browser imports the message files' URLs from (src/client/i18n/message-files.d.ts). */
const MODULE_ID = 'virtual:marea-messages';

/**
 * Vite plugin (vite.config.ts, vitest.config.ts): `virtual:marea-messages`
 * exports each locale's message file URL; the client build writes the files.
 */
export function messageFilesPlugin(root: string): Plugin {
  const files = () => Object.fromEntries(LOCALES.map((locale) => [locale, messageFile(root, locale)])) as Record<Locale, MessageFile>;
  return {
    name: 'marea-message-files',
    resolveId: (id) => (id === MODULE_ID ? `\0${MODULE_ID}` : null),
    load(id) {
      if (id !== `\0${MODULE_ID}`) return null;
      for (const locale of LOCALES) this.addWatchFile(path.join(root, `locales/${locale}.json`));
      return `export default ${JSON.stringify(Object.fromEntries(Object.entries(files()).map(([locale, file]) => [locale, file.url])))};`;
    },
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      for (const file of Object.values(files())) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source });
    },
  };
}
