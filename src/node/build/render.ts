import type { Payload } from '../../shared/payload.js';
import { PAYLOAD_LINK_ATTRIBUTE, PAYLOAD_SCRIPT_ID, wireJson } from '../../shared/payload.js';
import { fromWire } from '../../shared/wire.js';
import { escapeHtml } from '../../shared/head.js';
import { htmlFile, notFoundPath, payloadFile, payloadUrl } from '../../shared/routes.js';
import type { ServerRender } from '../../shared/render-contract.js';
import type { PageTemplate } from './template.js';
import { pageHints } from './hints.js';
import { structuredDataHtml } from '../../shared/structured-data.js';
import type { Locale } from '../../shared/model.js';
import { messageFile } from './message-files.js';

export interface RenderedFile {
  file: string;
  content: string;
}

/** Rule 11: the URL of a locale's message file, which every page of that locale preloads (message-files.ts). */
export function localeMessages(root: string, locale: Locale): Promise<string> {
  return Promise.resolve(messageFile(root, locale).url);
}

/** Where a page is rendered and written. */
export interface PageFiles {
  /** The URL the page is rendered at (its path, or a 404 placeholder path). */
  url: string;
  /** Output file of the HTML. */
  htmlFile: string;
  /** Output file of the payload, or null (404 pages have none). */
  payloadFile: string | null;
}

/** One page to render: its files and its payload, serialised once. */
export interface PageJob extends PageFiles {
  /**
   * The payload as `wireJson` wrote it (media packed), in UTF-8: written beside
   * the HTML as it is, or embedded in it (rule 18). Bytes, not a string: they
   * are moved to a render thread, not copied, and never reach the main
   * thread's heap, where thousands of queued payloads would otherwise pile up
   * as garbage between its full collections.
   */
  payload: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function pageFiles(payload: Pick<Payload, 'kind' | 'locale'> & { path?: string }): PageFiles {
  if (payload.kind === 'page' && payload.path !== undefined) return { url: payload.path, htmlFile: htmlFile(payload.path), payloadFile: payloadFile(payload.path) };
  const url = notFoundPath(payload.locale);
  return { url, htmlFile: htmlFile(url), payloadFile: null };
}

/**
 * Every payload is written as `wireJson` writes it, `<` escaped, a payload
 * file too, though it is fetched as JSON: what a file holds is never read as
 * markup, whatever serves it (0.5 KB a page at the bench).
 */
export function pageJob(payload: Payload): PageJob {
  return { ...pageFiles(payload), payload: encoder.encode(wireJson(payload)) };
}

/**
 * A page's static HTML. Rule 18: its payload is written once, beside it, and
 * preloaded by the HTML for hydration (client-side navigation reads the same
 * file). Rule 11: the page preloads its locale's message file (`messages`:
 * each locale's URL, `localeMessages`), which hydration waits for.
 */
export function pageRenderer(render: ServerRender, template: PageTemplate, messages: Partial<Record<string, string>>, chunks: Map<string, string[]>) {
  return async (job: PageJob): Promise<string> => {
    const json = decoder.decode(job.payload);
    const payload = fromWire(JSON.parse(json)) as Payload;
    const app = await render(job.url, payload);
    const messagesUrl = messages[payload.locale];
    // Rule 18: a page preloads its payload file (written once, beside it); error pages, served for any path, embed theirs.
    const data = job.payloadFile ? '' : `<script id="${PAYLOAD_SCRIPT_ID}" type="application/json">${json}</script>`;
    const hints = pageHints(payload, chunks);
    const preload = job.payloadFile ? `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(payloadUrl(job.url, payload.release))}" ${PAYLOAD_LINK_ATTRIBUTE}>` : '';
    // Rule 11: the locale's messages, fetched (from this preload) before hydration.
    const messagesPreload = messagesUrl ? `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(messagesUrl)}">` : '';
    // The structured data (docs/search-and-sharing.md, "Structured data") closes the head: it is data, nothing waits for it.
    const late = [preload, messagesPreload, hints.late, structuredDataHtml(payload)].filter(Boolean).join('\n    ');
    return template.render({ head: payload.head, app, data, hints: { early: hints.early, late } });
  };
}
