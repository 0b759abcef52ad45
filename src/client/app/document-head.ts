import { ogLocaleAlternates, SHARE_KEYS, shareTags } from '../../shared/head.js';
import { serializeForScript, STRUCTURED_DATA_ID, type Payload } from '../../shared/payload.js';

/**
 * Applies a page's head after a client-side navigation (the static HTML
 * has the first view's, JSON-LD included: PageRoute never calls this
 * before the runtime that loads after hydration is in): lang, title, description, canonical,
 * robots and hreflang links (rule 12), the share-card tags and the
 * structured data (docs/search-and-sharing.md), so the document never
 * shows the previous page's.
 */
export function applyHead(payload: Payload): void {
  const head = payload.head;
  document.documentElement.lang = head.lang;
  if (document.title !== head.title) document.title = head.title;
  setMeta('name', 'description', head.description);
  setMeta('name', 'robots', head.robots);
  const share = new Map(shareTags(head).map(([, key, value]) => [key, value]));
  for (const [attr, key] of SHARE_KEYS) setMeta(attr, key, share.get(key) ?? null);
  document.head.querySelectorAll('meta[property="og:locale:alternate"]').forEach((el) => el.remove());
  for (const locale of ogLocaleAlternates(head)) appendMeta('property', 'og:locale:alternate', locale);
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (head.canonical) {
    const link = canonical ?? document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'canonical' }));
    link.href = head.canonical;
  } else canonical?.remove();
  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((el) => el.remove());
  for (const alt of head.alternates) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = alt.hreflang;
    link.href = alt.href;
    document.head.appendChild(link);
  }
  applyStructuredData(payload);
}

/** The payload whose structured data is being made: a navigation that lands before the last one's is made wins. */
let latest: Payload | null = null;

/**
 * The page's JSON-LD, rebuilt from its payload by the function the build
 * used (same graph, same escaping). The old one is removed at once, so the
 * document never shows the previous page's; the generator is loaded on the
 * first client-side navigation, not with the first view, which has its own.
 * A failed load leaves the page without (crawlers read each page's HTML).
 */
function applyStructuredData(payload: Payload): void {
  latest = payload;
  document.getElementById(STRUCTURED_DATA_ID)?.remove();
  if (payload.kind !== 'page') return;
  import('../../shared/structured-data.js')
    .then(({ structuredData }) => {
      const graph = structuredData(payload);
      if (latest !== payload || !graph) return;
      document.getElementById(STRUCTURED_DATA_ID)?.remove();
      document.head.appendChild(Object.assign(document.createElement('script'), { type: 'application/ld+json', id: STRUCTURED_DATA_ID, textContent: serializeForScript(graph) }));
    })
    .catch((error: unknown) => console.warn('Structured data not updated:', error));
}

function setMeta(attr: 'name' | 'property', key: string, value: string | null): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!value) {
    meta?.remove();
    return;
  }
  meta ??= appendMeta(attr, key, value);
  meta.content = value;
}

function appendMeta(attr: 'name' | 'property', key: string, value: string): HTMLMetaElement {
  const meta = document.createElement('meta');
  meta.setAttribute(attr, key);
  meta.content = value;
  return document.head.appendChild(meta);
}
