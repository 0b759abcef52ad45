/**
 * An editor's hands on a running Strapi 5, for the CMS tests and the
 * publishing bench: the admin login, a full-access API token made through
 * the admin API (the build's own token is read-only), REST writes as the
 * editor's content API makes them, the admin panel's unpublish (Strapi's
 * REST API has none) and the preview link its "Open preview" opens.
 */
export interface StrapiEditor {
  /** The admin panel's session token (the admin API: configuration, webhooks, preview links). */
  readonly jwt: string;
  /** A REST call on `/api/...` with the full-access token; throws with Strapi's answer on a non-2xx. */
  rest(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** Unpublishes one locale of a document, as the admin panel's "Unpublish" does. */
  unpublish(uid: string, documentId: string, locale: string): Promise<void>;
  /** The link the admin's "Open preview" opens for a document (cms/config/admin.js builds it). */
  previewUrl(uid: string, documentId: string, locale: string, status?: 'draft' | 'published'): Promise<string>;
  /** Publishes a new browser-tab title (the SEO component, sent whole: Strapi replaces components) for one locale of a page. */
  publishSeoTitle(documentId: string, locale: string, metaTitle: string): Promise<void>;
}

async function call(url: string, init: { method: string; token: string; body?: unknown }): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: init.method,
    headers: { Authorization: `Bearer ${init.token}`, 'Content-Type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method} ${url} → ${response.status}: ${text.slice(0, 500)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Logs in to the admin panel; its session token. */
export async function adminLogin(url: string, login: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(login) });
  if (!response.ok) throw new Error(`admin login → ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

export async function strapiEditor(url: string, login: { email: string; password: string }): Promise<StrapiEditor> {
  const jwt = await adminLogin(url, login);
  const created = await call(`${url}/admin/api-tokens`, {
    method: 'POST',
    token: jwt,
    body: { name: `editor-${Date.now()}`, description: 'test editor', type: 'full-access', lifespan: null },
  });
  const token = (created.data as { accessKey: string }).accessKey;
  const rest: StrapiEditor['rest'] = (method, path, body) => call(`${url}${path}`, { method, token, body });
  return {
    jwt,
    rest,
    async unpublish(uid, documentId, locale) {
      await call(`${url}/content-manager/collection-types/${uid}/${documentId}/actions/unpublish?locale=${encodeURIComponent(locale)}`, { method: 'POST', token: jwt, body: {} });
    },
    async previewUrl(uid, documentId, locale, status = 'draft') {
      const query = new URLSearchParams({ documentId, locale, status });
      const answer = await call(`${url}/content-manager/preview/url/${uid}?${query.toString()}`, { method: 'GET', token: jwt });
      return (answer.data as { url: string }).url;
    },
    async publishSeoTitle(documentId, locale, metaTitle) {
      const current = await rest('GET', `/api/pages/${documentId}?locale=${locale}&populate=seo`);
      const { id: _id, ...seo } = ((current.data as { seo?: Record<string, unknown> | null }).seo ?? {}) as Record<string, unknown>;
      await rest('PUT', `/api/pages/${documentId}?locale=${locale}`, { data: { seo: { ...seo, metaTitle } } });
    },
  };
}
