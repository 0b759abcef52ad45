import { escapeHtml } from '../../shared/head.js';
import { unsafeProtocol } from './urls.js';
import { isRecord, type JsonRecord } from './values.js';

/**
 * Strapi 5 rich text "blocks" JSON → HTML (not yet sanitised: the caller
 * runs the result through the site's HTML policy). Unknown node types render
 * their children, so new editor features degrade to their text.
 */
export function renderStrapiBlocks(nodes: readonly unknown[]): string {
  return nodes.map(renderNode).join('');
}

function renderNode(node: unknown): string {
  if (!isRecord(node)) return '';
  switch (node.type) {
    case 'text':
      return renderText(node);
    case 'paragraph':
      return `<p>${children(node)}</p>`;
    case 'heading': {
      const level = typeof node.level === 'number' ? Math.min(6, Math.max(1, Math.round(node.level))) : 2;
      return `<h${level}>${children(node)}</h${level}>`;
    }
    case 'list':
      return renderList(node);
    case 'list-item':
      return `<li>${children(node)}</li>`;
    case 'quote':
      return `<blockquote>${children(node)}</blockquote>`;
    case 'code':
      return `<pre><code>${escapeHtml(plainText(node))}</code></pre>`;
    case 'link':
      return `<a href="${escapeHtml(typeof node.url === 'string' ? node.url : '')}">${children(node)}</a>`;
    case 'image':
      return renderImage(node.image);
    default:
      return children(node);
  }
}

function children(node: JsonRecord): string {
  return Array.isArray(node.children) ? node.children.map(renderNode).join('') : '';
}

/** A nested list arrives as a sibling of the list items; it belongs inside the preceding item. */
function renderList(node: JsonRecord): string {
  const tag = node.format === 'ordered' ? 'ol' : 'ul';
  const items: string[] = [];
  for (const child of Array.isArray(node.children) ? node.children : []) {
    if (isRecord(child) && child.type === 'list' && items.length > 0) {
      items[items.length - 1] = items[items.length - 1]!.replace(/<\/li>$/, `${renderList(child)}</li>`);
    } else {
      const html = renderNode(child);
      items.push(isRecord(child) && child.type === 'list-item' ? html : `<li>${html}</li>`);
    }
  }
  return `<${tag}>${items.join('')}</${tag}>`;
}

/** Marks nest in a fixed order so the same text always gives the same HTML. */
function renderText(node: JsonRecord): string {
  let html = escapeHtml(typeof node.text === 'string' ? node.text : '');
  if (node.code === true) html = `<code>${html}</code>`;
  else html = html.replace(/\n/g, '<br>');
  if (node.strikethrough === true) html = `<s>${html}</s>`;
  if (node.underline === true) html = `<u>${html}</u>`;
  if (node.italic === true) html = `<em>${html}</em>`;
  if (node.bold === true) html = `<strong>${html}</strong>`;
  return html;
}

function renderImage(image: unknown): string {
  // An image without a usable source is left out rather than kept as an empty <img>.
  if (!isRecord(image) || typeof image.url !== 'string' || unsafeProtocol(image.url) !== null) return '';
  const alt = typeof image.alternativeText === 'string' ? image.alternativeText : '';
  const size = ['width', 'height']
    .filter((key) => typeof image[key] === 'number')
    .map((key) => ` ${key}="${image[key] as number}"`)
    .join('');
  return `<img src="${escapeHtml(image.url)}" alt="${escapeHtml(alt)}"${size}>`;
}

function plainText(node: JsonRecord): string {
  if (node.type === 'text') return typeof node.text === 'string' ? node.text : '';
  return Array.isArray(node.children) ? node.children.map((child) => (isRecord(child) ? plainText(child) : '')).join('') : '';
}
