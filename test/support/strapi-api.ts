/**
 * An editor's hands on a running Strapi 5, for the round-trip tests: the
 * admin login, a full-access API token made through the admin API (the
 * build's own token is read-only), REST writes as the editor's content API
 * makes them, and the admin panel's unpublish (Strapi's REST API has none).
 */
export interface StrapiEditor {
  /** A REST call on `/api/...` with the full-access token; throws with Strapi's answer on a non-2xx. */
  rest(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** Unpublishes one locale of a document, as the admin panel's "Unpublish" does. */
  unpublish(uid: string, documentId: string, locale: string): Promise<void>;
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

export async function strapiEditor(url: string, login: { email: string; password: string }): Promise<StrapiEditor> {
  const response = await fetch(`${url}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(login) });
  if (!response.ok) throw new Error(`admin login → ${response.status}: ${await response.text()}`);
  const jwt = ((await response.json()) as { data: { token: string } }).data.token;
  const created = await call(`${url}/admin/api-tokens`, {
    method: 'POST',
    token: jwt,
    body: { name: `round-trip-${Date.now()}`, description: 'test editor', type: 'full-access', lifespan: null },
  });
  const token = (created.data as { accessKey: string }).accessKey;
  return {
    rest: (method, path, body) => call(`${url}${path}`, { method, token, body }),
    async unpublish(uid, documentId, locale) {
      await call(`${url}/content-manager/collection-types/${uid}/${documentId}/actions/unpublish?locale=${encodeURIComponent(locale)}`, { method: 'POST', token: jwt, body: {} });
    },
  };
}
