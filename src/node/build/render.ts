import type { Payload } from '../../shared/payload.js';
import { MESSAGES_SCRIPT_ID, PAYLOAD_SCRIPT_ID, serializeForScript } from '../../shared/payload.js';
import { htmlFile, notFoundPath, payloadFile } from '../../shared/routes.js';
import type { ServerRender } from '../../shared/render-contract.js';
import type { PageTemplate } from './template.js';
import { pageHints } from './hints.js';

export interface RenderedFile {
  file: string;
  content: string;
}

export interface RenderInput {
  /** The URL the page is rendered at (its path, or a 404 placeholder path). */
  url: string;
  payload: Payload;
  /** Output file of the HTML. */
  htmlFile: string;
  /** Output file of the payload, or null (404 pages have none). */
  payloadFile: string | null;
}

export function pageInputs(payloads: Payload[]): RenderInput[] {
  return payloads.map((payload) => {
    if (payload.kind === 'page') return { url: payload.path, payload, htmlFile: htmlFile(payload.path), payloadFile: payloadFile(payload.path) };
    const url = notFoundPath(payload.locale);
    return { url, payload, htmlFile: htmlFile(url), payloadFile: null };
  });
}

/**
 * Renders each page to static HTML with its content in it (rule 18: the
 * payload is embedded for hydration and written beside the page for
 * client-side navigation; one serialisation serves both).
 */
export async function renderPages(
  inputs: RenderInput[],
  render: ServerRender,
  template: PageTemplate,
  messages: Partial<Record<string, string>>,
  chunks: Map<string, string[]> = new Map(),
): Promise<RenderedFile[]> {
  const files: RenderedFile[] = [];
  for (const input of inputs) {
    const json = serializeForScript(input.payload);
    const app = await render(input.url, input.payload);
    const localeMessages = messages[input.payload.locale];
    const data =
      `<script id="${PAYLOAD_SCRIPT_ID}" type="application/json">${json}</script>` +
      (localeMessages ? `<script id="${MESSAGES_SCRIPT_ID}" type="application/json">${localeMessages}</script>` : '');
    files.push({ file: input.htmlFile, content: template.render({ head: input.payload.head, app, data, hints: pageHints(input.payload, chunks) }) });
    if (input.payloadFile) files.push({ file: input.payloadFile, content: json });
  }
  return files;
}
