import { verifyPreviewToken } from '../../../cms/src/plugins/marea/server/preview-token.js';
import { messagePage, previewQuery, type PreviewAnswer, type PreviewQuery } from '../webhook/preview.js';
import { previewHeaders } from './headers.js';

export interface PreviewRequestOptions {
  /** MAREA_PREVIEW_SECRET: what the link's token is checked against. */
  readonly secret: string;
  /** Renders the checked query (webhook/preview.ts `renderPreview` with its dependencies). */
  readonly render: (query: PreviewQuery) => Promise<PreviewAnswer>;
  /** Strapi's admin origin(s), allowed to frame the preview. */
  readonly frameAncestors: readonly string[];
  /** Where a failed render is told (without the link or its token). */
  readonly log?: (line: string) => void;
  /** Milliseconds since the epoch (tests). */
  readonly now?: () => number;
}

export interface PreviewResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly html: string;
}

/** Both languages on every page of the preview's own: it does not know the editor's yet. */
const REFUSED = {
  invalid: ['This preview link is not valid / Este enlace de vista previa no es válido', 'Open the preview again from the CMS. / Vuelve a abrir la vista previa desde el CMS.'],
  expired: [
    'This preview link has expired / Este enlace de vista previa caducó',
    'Preview links work for an hour: open the preview again from the CMS. / Los enlaces de vista previa duran una hora: vuelve a abrirla desde el CMS.',
  ],
} as const;

const FAILED = [
  'The preview could not be shown / No se pudo mostrar la vista previa',
  'The draft could not be read or rendered. Try again in a minute; the site’s logs say why. / No se pudo leer o mostrar el borrador. Inténtalo en un minuto; los registros del sitio dicen por qué.',
] as const;

/**
 * One preview request, `/preview/<token>?uid=…&documentId=…&locale=…&status=…`,
 * the same in `npm run webhook` and the Netlify Function: the token
 * (preview-token.js) must be signed for exactly this query and unexpired;
 * then the draft is rendered. Every page of the preview's own (refused,
 * malformed, failed) is text escaped into HTML; a failure is logged with
 * what was previewed and why, never the link, its token or the secret, and
 * the visitor is told no internal address.
 */
export async function answerPreview(url: URL, options: PreviewRequestOptions): Promise<PreviewResponse> {
  const answer = await previewAnswer(url, options);
  return { status: answer.status, headers: previewHeaders({ frameAncestors: options.frameAncestors, mediaOrigins: answer.mediaOrigins ?? [] }), html: answer.html };
}

async function previewAnswer(url: URL, options: PreviewRequestOptions): Promise<PreviewAnswer> {
  const token = /^\/preview\/([^/]+)$/.exec(url.pathname)?.[1] ?? '';
  const query = previewQuery(url);
  if (typeof query === 'string') return messagePage(400, 'Nothing to preview / Nada que previsualizar', [query]);
  const check = verifyPreviewToken(options.secret, token, query, options.now?.() ?? Date.now());
  if (check !== 'valid') {
    const [title, hint] = REFUSED[check];
    return messagePage(401, title, [hint]);
  }
  try {
    return await options.render(query);
  } catch (error) {
    options.log?.(`✗ preview of ${query.uid} ${query.documentId ?? ''} (${query.locale ?? 'default locale'}, ${query.status}) failed: ${(error as Error).message}`);
    return messagePage(502, FAILED[0], [FAILED[1]]);
  }
}
