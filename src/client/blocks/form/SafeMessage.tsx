import { createElement, Fragment, type ReactNode } from 'react';

/** Elements kept from the CMS HTML; any other element is replaced by its content. */
const KEPT = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'a', 'ul', 'ol', 'li']);
/** Links to web pages, mail and phone only (no `javascript:`, `data:`…). */
const SAFE_HREF = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

/**
 * `successMessage` is plain text or HTML, and — unlike `body`/`text` — the
 * build does not sanitise it (src/node/content/richtext.ts RICH_TEXT_FIELDS).
 * It is shown only in the browser, after a submission, so it is parsed with
 * DOMParser (an inert document: no script runs, nothing loads) and rebuilt as
 * React elements from a short allow-list without attributes except a safe
 * link `href`. Plain text becomes one paragraph.
 */
export function SafeMessage({ message }: { message: string }) {
  if (!/<[a-z!/]/i.test(message)) return <p>{message}</p>;
  const body = new DOMParser().parseFromString(message, 'text/html').body;
  return <>{children(body)}</>;
}

function children(node: Node): ReactNode[] {
  return [...node.childNodes].map((child, i) => convert(child, i));
}

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (tag === 'script' || tag === 'style' || tag === 'template') return null;
  if (!KEPT.has(tag)) return createElement(Fragment, { key }, ...children(element));
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (!SAFE_HREF.test(href.trim())) return createElement(Fragment, { key }, ...children(element));
    return createElement('a', { key, href: href.trim(), rel: /^https?:/i.test(href.trim()) ? 'noopener' : undefined }, ...children(element));
  }
  return createElement(tag, { key }, ...children(element));
}
