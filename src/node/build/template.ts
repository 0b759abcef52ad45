import type { HeadData } from '../../shared/head.js';
import { headHtml } from '../../shared/head.js';

/**
 * The client build's index.html, split once at its placeholders so each page
 * is a handful of string concatenations (no HTML parsing per page, which is
 * what keeps vite-react-ssg's own loop at 30–60 pages/s).
 */
export interface PageTemplate {
  /** `hints`: extra head tags of the page (raw HTML): `early` right after the head tags, `late` at the end of <head>. */
  render(parts: { head: HeadData; app: string; data: string; hints?: { early: string; late: string } }): string;
}

const MARKERS = ['<!--marea-head-->', '<!--marea-app-->', '<!--marea-data-->'] as const;

export function compileTemplate(html: string): PageTemplate {
  const langAt = html.indexOf('<html lang="en">');
  if (langAt < 0) throw new Error('index.html: expected <html lang="en"> in the client build template');
  const pieces: string[] = [];
  let rest = html.slice(langAt + '<html lang="en">'.length);
  const before = html.slice(0, langAt);
  for (const marker of MARKERS) {
    const at = rest.indexOf(marker);
    if (at < 0) throw new Error(`index.html: placeholder ${marker} is missing from the client build template`);
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at + marker.length);
  }
  const [afterHtml, afterHead, afterApp] = pieces as [string, string, string];
  const closeHead = afterHead.indexOf('</head>');
  if (closeHead < 0) throw new Error('index.html: </head> must follow <!--marea-head--> in the client build template');
  const headEnd = afterHead.slice(0, closeHead);
  const bodyStart = afterHead.slice(closeHead);
  return {
    // Early hints (the hero image) come before the stylesheet; late ones (block
    // chunks) after the stylesheet and the entry script, so they never delay first paint.
    render: ({ head, app, data, hints }) =>
      `${before}<html lang="${head.lang}">${afterHtml}${headHtml(head)}${hints?.early ? `\n    ${hints.early}` : ''}${headEnd}${hints?.late ? `  ${hints.late}\n  ` : ''}${bodyStart}${app}${afterApp}${data}${rest}`,
  };
}
