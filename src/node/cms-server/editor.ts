import { populateParams } from '../cms/populate.js';

/** A file of the Media Library, as its admin API lists it. */
export interface MediaFile {
  readonly id: number;
  readonly name: string;
  readonly mime: string;
}

/** A file to send: its name, bytes and type. */
export interface Upload {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly mime: string;
}

/**
 * An editor's hands on a running Strapi 5, for the CMS tests and the
 * publishing bench: the admin login, a full-access API token made through
 * the admin API (the build's own token is read-only), REST writes as the
 * editor's content API makes them, the admin panel's unpublish (Strapi's
 * REST API has none), the preview link its "Open preview" opens and the
 * Media Library's upload, delete and replace.
 */
export interface StrapiEditor {
  /** The admin panel's session token (the admin API: configuration, webhooks, preview links). */
  readonly jwt: string;
  /** A REST call on `/api/...` with the full-access token; throws with Strapi's answer on a non-2xx. */
  rest(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** A call on the admin API (`/admin/...`, `/i18n/...`: settings, tokens, webhooks) with the admin's session; throws on a non-2xx. */
  admin(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Record<string, unknown>>;
  /** Unpublishes one locale of a document, as the admin panel's "Unpublish" does. */
  unpublish(uid: string, documentId: string, locale: string): Promise<void>;
  /** The link the admin's "Open preview" opens for a document (cms/config/admin.js builds it). */
  previewUrl(uid: string, documentId: string, locale: string, status?: 'draft' | 'published'): Promise<string>;
  /** Publishes a new browser-tab title (the SEO component, sent whole: Strapi replaces components) for one locale of a page. */
  publishSeoTitle(documentId: string, locale: string, metaTitle: string): Promise<void>;
  /** The admin user's interface language (the profile page's "Interface language"): `en`, `es`, … */
  setLanguage(language: string): Promise<void>;
  /** Every file of the Media Library. */
  files(): Promise<MediaFile[]>;
  /** Uploads a file to the Media Library. */
  upload(file: Upload): Promise<MediaFile>;
  /** Deletes a file as the Media Library's "Delete" does; rejects with Strapi's message. */
  deleteFile(id: number): Promise<void>;
  /** Deletes a selection of files and folders as the Media Library's bulk delete does; rejects with Strapi's message. */
  deleteFiles(selection: { fileIds: number[]; folderIds?: number[] }): Promise<void>;
  /** Makes a folder of the Media Library and moves files into it; the folder's id. */
  folder(name: string, fileIds: number[]): Promise<number>;
  /** Replaces a file's bytes as the Media Library's "Replace media" does; rejects with Strapi's message. */
  replaceFile(id: number, file: Upload): Promise<void>;
  /** Puts file `to` wherever file `from` is in one locale of a page (its cover, SEO image, blocks at any depth) and publishes it. */
  replaceMediaInPage(documentId: string, locale: string, from: number, to: number): Promise<void>;
  /** Deletes one locale of a document, as the admin panel's "Delete entry" does. */
  deleteEntry(uid: string, documentId: string, locale: string): Promise<void>;
  /** The entry's last check as the Marea plugin keeps it (publish gate, unpublish warning), or null. */
  lastCheck(uid: string, documentId: string, locale: string): Promise<EntryCheck | null>;
}

/** An entry's last check (cms/src/plugins/marea/server/check-store.js). */
interface EntryCheck {
  readonly at: string;
  readonly action: 'publish' | 'unpublish' | 'delete';
  readonly editor?: string;
  readonly errors: ReadonlyArray<{ code: string; message: string; hint?: string; fieldWords?: string }>;
  readonly warnings: ReadonlyArray<{ code: string; message: string; hint?: string; fieldWords?: string }>;
}

/** Strapi's own message of a refused request (`{ error: { message } }`), else the start of its answer. */
function refusal(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: the answer as it is.
  }
  return text.slice(0, 500);
}

async function call(url: string, init: { method: string; token: string; body?: unknown }): Promise<Record<string, unknown>> {
  const form = init.body instanceof FormData;
  const response = await fetch(url, {
    method: init.method,
    // A form sets its own Content-Type (with the multipart boundary).
    headers: { Authorization: `Bearer ${init.token}`, ...(form ? {} : { 'Content-Type': 'application/json' }) },
    ...(init.body === undefined ? {} : { body: form ? (init.body as FormData) : JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method} ${url} → ${response.status}: ${refusal(text)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** A multipart body of one file, as the Media Library sends it (`files`). */
function formOf(file: Upload): FormData {
  const form = new FormData();
  form.append('files', new Blob([Uint8Array.from(file.bytes)], { type: file.mime }), file.name);
  return form;
}

/**
 * `value` of Strapi's answer as a write takes it: every media object as its
 * id (`to` for `from`), a relation as its documentId, components new (no
 * `id`: the answer's are the published version's rows, which a write to
 * the draft refuses), without empty fields, and a zone's item with its
 * `__component` first (Strapi 5.54 answers "Invalid key __component" to an
 * item of several fields that names its component last, as its answers do).
 */
function asInput(value: unknown, from: number, to: number): unknown {
  if (Array.isArray(value)) return value.map((item) => asInput(item, from, to));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record.mime === 'string' && typeof record.id === 'number') return record.id === from ? to : record.id;
  if (typeof record.documentId === 'string') return record.documentId;
  const fields = Object.entries(record).flatMap(([key, item]) => (key === 'id' || key === '__component' || item === null ? [] : [[key, asInput(item, from, to)]]));
  return Object.fromEntries(typeof record.__component === 'string' ? [['__component', record.__component], ...fields] : fields);
}

/** Whether a value of Strapi's answer holds the media file `id` anywhere in it. */
function holdsFile(value: unknown, id: number): boolean {
  if (Array.isArray(value)) return value.some((item) => holdsFile(item, id));
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  if (typeof record.mime === 'string') return record.id === id;
  return Object.values(record).some((item) => holdsFile(item, id));
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
    admin: (method, path, body) => call(`${url}${path}`, { method, token: jwt, body }),
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
    async setLanguage(language) {
      await call(`${url}/admin/users/me`, { method: 'PUT', token: jwt, body: { preferedLanguage: language } });
    },
    async files() {
      const answer = await call(`${url}/upload/files?pageSize=1000`, { method: 'GET', token: jwt });
      return (answer.results as MediaFile[]).map(({ id, name, mime }) => ({ id, name, mime }));
    },
    async upload(file) {
      const answer = (await call(`${url}/upload`, { method: 'POST', token: jwt, body: formOf(file) })) as unknown as MediaFile[];
      const { id, name, mime } = answer[0]!;
      return { id, name, mime };
    },
    async deleteFile(id) {
      await call(`${url}/upload/files/${id}`, { method: 'DELETE', token: jwt });
    },
    async deleteFiles({ fileIds, folderIds = [] }) {
      await call(`${url}/upload/actions/bulk-delete`, { method: 'POST', token: jwt, body: { fileIds, folderIds } });
    },
    async folder(name, fileIds) {
      const created = await call(`${url}/upload/folders`, { method: 'POST', token: jwt, body: { name, parent: null } });
      const id = (created.data as { id: number }).id;
      await call(`${url}/upload/actions/bulk-move`, { method: 'POST', token: jwt, body: { fileIds, folderIds: [], destinationFolderId: id } });
      return id;
    },
    async replaceFile(id, file) {
      await call(`${url}/upload/files/${id}/replace`, { method: 'POST', token: jwt, body: formOf(file) });
    },
    async replaceMediaInPage(documentId, locale, from, to) {
      const query = new URLSearchParams([['locale', locale], ...populateParams('pages')]);
      const page = (await rest('GET', `/api/pages/${documentId}?${query.toString()}`)).data as Record<string, unknown>;
      // Only the fields that hold the file are sent: Strapi replaces a component or zone sent whole and keeps the rest.
      const data = Object.fromEntries(Object.entries(page).flatMap(([key, value]) => (key !== 'localizations' && holdsFile(value, from) ? [[key, asInput(value, from, to)]] : [])));
      await rest('PUT', `/api/pages/${documentId}?locale=${locale}`, { data });
    },
    async deleteEntry(uid, documentId, locale) {
      await call(`${url}/content-manager/collection-types/${uid}/${documentId}?locale=${encodeURIComponent(locale)}`, { method: 'DELETE', token: jwt });
    },
    async lastCheck(uid, documentId, locale) {
      const query = new URLSearchParams({ uid, documentId, locale });
      const answer = (await call(`${url}/marea/reports/entry?${query.toString()}`, { method: 'GET', token: jwt })) as { data: { check: EntryCheck | null } };
      return answer.data.check;
    },
  };
}
