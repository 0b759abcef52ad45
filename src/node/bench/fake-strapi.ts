import { fork } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachePartFiles, checkCachePart, readCachePartOf } from '../cms/cache.js';
import { writeSyntheticContent } from './synthetic.js';

/**
 * A fake Strapi 5 REST server over a content folder (content-cache/ layout,
 * parts included: the bench's synthetic site, src/node/bench/synthetic.ts),
 * for `npm run bench:webhook -- --pages N`: it answers what Marea's CMS client
 * asks (client.ts, crawl.ts) in the shapes a real Strapi 5 sends
 * (../shared/strapi5-samples/), and, when told to publish an edit of a page,
 * posts Strapi's `entry.publish` webhook to the service as Strapi would.
 *
 * - `GET /api/<collection>?locale=…`: Strapi 5's pagination (`pagination[page]`,
 *   `pagination[pageSize]`, 25 by default, capped at 100, `meta.pagination`),
 *   entries in id order (`sort` may only be `id:asc`), `filters[<documentId|slug|id>][$eq]`
 *   and `fields[…]` (plus `id` and `documentId`, as Strapi adds them); an unknown
 *   locale gives an empty list, no locale the default one (`en`).
 * - `GET /api/<collection>/<documentId>?locale=…` and `GET /api/<single type>?locale=…`:
 *   `{ data, meta: {} }`, or Strapi's 404 body.
 * - `populate` is accepted and ignored: the stored entries are populated already.
 *   There are no drafts: `status=draft` reads the published version. Other
 *   query keys are refused with 400 `Invalid key …`, as Strapi 5 does
 *   (`publicationState` among them).
 * - `GET /uploads/…`: the folder's media files (public, as Strapi's are).
 * - `POST /__fake/publish` (`PageEdit` as JSON): changes one page in one locale, then
 *   posts the webhook (`webhook` option) and answers with what the service said.
 *
 * Every `/api` and `/__fake` request needs `Authorization: Bearer <token>` when a token is set.
 * Entries are held as their JSON text (one string each, the part files read one at a
 * time): at 10,002 pages a page of 100 entries is a join of strings, not a stringify.
 */
interface FakeStrapiOptions {
  /** A folder in content-cache/ layout (`api/`, `uploads/`). */
  readonly contentDir: string;
  /** 0: any free port. */
  readonly port: number;
  readonly host?: string;
  /** The API token every request must carry; absent: no check. */
  readonly token?: string | null;
  /** Where a publish posts Strapi's webhook, with the header `Authorization: Bearer <secret>` (strapiLoopEnv, service.ts). */
  readonly webhook?: { readonly url: string; readonly secret: string } | null;
}

/**
 * One published edit of a page: `set` maps a field's path (`title`,
 * `seo.metaTitle`) to its new value, in the page `documentId` of CMS locale
 * `locale`.
 */
interface PageEdit {
  readonly documentId: string;
  readonly locale: string;
  readonly set: Readonly<Record<string, string | null>>;
}

interface PublishResult {
  /** The page as published. */
  readonly entry: { readonly id: number; readonly documentId: string; readonly locale: string; readonly slug: string };
  /** The webhook's answer: its status, or null when no webhook is configured. */
  readonly webhook: number | null;
}

interface FakeStrapi {
  readonly url: string;
  publish(edit: PageEdit): Promise<PublishResult>;
  close(): Promise<void>;
}

/** The default locale, which Strapi answers in when a request names none. */
const DEFAULT_LOCALE = 'en';
/** Strapi's default page size and its `maxLimit`. */
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
/** Query keys Strapi 5's REST API knows (by what precedes the first bracket); any other is a 400. */
const QUERY_KEYS = new Set(['locale', 'populate', 'fields', 'filters', 'sort', 'pagination', 'status']);
const FILTER_FIELDS = new Set(['documentId', 'slug', 'id']);
/** Strapi model names of the collections, for the webhook (events.ts `SITE_MODELS`). */
const MODELS: Readonly<Record<string, string>> = { pages: 'page', modals: 'modal', 'promo-codes': 'promo-code' };
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
};

interface Entry {
  id: number;
  documentId: string;
  slug: string;
  /** The entry's JSON text, as sent. */
  json: string;
}

/** A collection of one locale: entries in id order, and by documentId. */
interface Collection {
  entries: Entry[];
  byDocument: Map<string, Entry>;
}

/** What the folder holds, by endpoint, then CMS locale ('' when the endpoint is not localized). */
type Store = Map<string, Map<string, Collection | { single: string | null }>>;

const failure = (status: number, name: string, message: string, details: Record<string, unknown> = {}) => ({ data: null, error: { status, name, message, details } });

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super((body as { error: { message: string } }).error.message);
  }
}
const invalidKey = (key: string) => new RequestError(400, failure(400, 'ValidationError', `Invalid key ${key}`, { key, path: null, source: 'query', param: key }));
const notFound = () => new RequestError(404, failure(404, 'NotFoundError', 'Not Found'));

/** Reads every response of the folder, a part file at a time, into entries' JSON texts. */
async function loadStore(contentDir: string): Promise<Store> {
  const store: Store = new Map();
  const api = path.join(contentDir, 'api');
  for (const name of (await readdir(api)).sort()) {
    const match = /^([a-z-]+)(?:\.([^.]+))?\.json$/.exec(name);
    if (!match || name.includes('.part-')) continue;
    const [, endpoint, locale = ''] = match as unknown as [string, string, string | undefined];
    const file = path.join(api, name);
    const first = await readCachePartOf(file, 1);
    let value: Collection | { single: string | null };
    if (Array.isArray(first.data)) {
      const entries = first.data.map(toEntry);
      for (const part of await cachePartFiles(file)) {
        const next = await readCachePartOf(file, part);
        checkCachePart(file, part, entries.length, next.offset);
        for (const item of next.data as unknown[]) entries.push(toEntry(item));
      }
      entries.sort((a, b) => a.id - b.id);
      value = { entries, byDocument: new Map(entries.map((entry) => [entry.documentId, entry])) };
    } else value = { single: first.data === null || first.data === undefined ? null : JSON.stringify(first.data) };
    if (!store.has(endpoint)) store.set(endpoint, new Map());
    store.get(endpoint)!.set(locale, value);
  }
  return store;
}

function toEntry(item: unknown): Entry {
  const { id, documentId, slug } = item as { id: number; documentId: string; slug?: unknown };
  return { id, documentId, slug: typeof slug === 'string' ? slug : '', json: JSON.stringify(item) };
}

/** The stored value of an endpoint in a locale; a localized endpoint in a locale it lacks is an empty collection or a missing single type. */
function lookUp(store: Store, endpoint: string, locale: string): Collection | { single: string | null } {
  const locales = store.get(endpoint);
  if (!locales) throw notFound();
  const value = locales.get(locale) ?? locales.get('');
  if (value) return value;
  const collection = [...locales.values()].some((v) => 'entries' in v);
  return collection ? { entries: [], byDocument: new Map() } : { single: null };
}

/** `fields[0]=slug&fields[1]=title` → the fields named (Strapi always adds id and documentId); null when none are. */
function fieldsOf(query: URLSearchParams): string[] | null {
  const fields = [...query.entries()].filter(([key]) => key === 'fields' || key.startsWith('fields[')).flatMap(([, value]) => value.split(','));
  return fields.length > 0 ? ['id', 'documentId', ...fields] : null;
}

const pick = (json: string, fields: string[] | null) => {
  if (!fields) return json;
  const entry = JSON.parse(json) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(fields.filter((field) => field in entry).map((field) => [field, entry[field]])));
};

/** A page of a collection, as Strapi 5 answers `GET /api/<collection>`: the JSON text. */
function collectionPage(collection: Collection, query: URLSearchParams): string {
  let entries = collection.entries;
  for (const [key, value] of query.entries()) {
    if (key.startsWith('sort') && value !== 'id:asc' && value !== 'id') throw invalidKey(`sort ${value} (the fake sorts by id only)`);
    if (!key.startsWith('filters')) continue;
    const filter = /^filters\[(\w+)\]\[\$eq\]$/.exec(key);
    if (!filter || !FILTER_FIELDS.has(filter[1]!)) throw invalidKey(`${key} (the fake filters on ${[...FILTER_FIELDS].join(', ')} with $eq only)`);
    const field = filter[1] as 'documentId' | 'slug' | 'id';
    entries = entries.filter((entry) => String(entry[field]) === value);
  }
  const pageSize = Math.min(Number(query.get('pagination[pageSize]') ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const page = Number(query.get('pagination[page]') ?? 1);
  if (!Number.isInteger(pageSize) || pageSize < 1 || !Number.isInteger(page) || page < 1) throw invalidKey('pagination');
  const fields = fieldsOf(query);
  const data = entries.slice((page - 1) * pageSize, page * pageSize).map((entry) => pick(entry.json, fields));
  const pagination = { page, pageSize, pageCount: Math.ceil(entries.length / pageSize), total: entries.length };
  return `{"data":[${data.join(',')}],"meta":${JSON.stringify({ pagination })}}`;
}

/** Sets `seo.metaTitle`-style paths of an entry. */
function applyEdit(entry: Record<string, unknown>, set: PageEdit['set']): void {
  for (const [field, value] of Object.entries(set)) {
    const keys = field.split('.');
    let target = entry;
    for (const key of keys.slice(0, -1)) {
      const next = target[key];
      if (typeof next !== 'object' || next === null) throw new RequestError(400, failure(400, 'ValidationError', `${field}: ${key} is not an object`));
      target = next as Record<string, unknown>;
    }
    target[keys.at(-1)!] = value;
  }
}

/** Strapi's webhook body for a published entry (../shared/strapi5-samples/webhook-entry-publish-es-MX.json): the entry's own fields, its components one level deep. */
function publishEvent(endpoint: string, entry: Record<string, unknown>): string {
  const model = MODELS[endpoint] ?? endpoint;
  const fields = { ...entry };
  delete fields.blocks;
  return JSON.stringify({ event: 'entry.publish', createdAt: new Date().toISOString(), model, uid: `api::${model}.${model}`, entry: fields });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake on `options.port` of 127.0.0.1 (or `host`), its content read into memory first. */
export async function startFakeStrapi(options: FakeStrapiOptions): Promise<FakeStrapi> {
  const store = await loadStore(options.contentDir);
  const uploads = path.resolve(options.contentDir, 'uploads');

  async function publish(edit: PageEdit, endpoint = 'pages'): Promise<PublishResult> {
    const value = store.get(endpoint)?.get(edit.locale);
    const stored = value && 'entries' in value ? value.byDocument.get(edit.documentId) : undefined;
    if (!stored) throw notFound();
    const entry = JSON.parse(stored.json) as Record<string, unknown>;
    applyEdit(entry, edit.set);
    const now = new Date().toISOString();
    entry.updatedAt = now;
    entry.publishedAt = now;
    stored.json = JSON.stringify(entry);
    if (typeof entry.slug === 'string') stored.slug = entry.slug;
    let webhook: number | null = null;
    if (options.webhook) {
      const response = await fetch(options.webhook.url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${options.webhook.secret}`, 'Content-Type': 'application/json', 'X-Strapi-Event': 'entry.publish' },
        body: publishEvent(endpoint, entry),
      });
      await response.body?.cancel();
      webhook = response.status;
    }
    return { entry: { id: stored.id, documentId: stored.documentId, locale: edit.locale, slug: stored.slug }, webhook };
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://strapi.local');
    const send = (status: number, body: string | Buffer, type = 'application/json; charset=utf-8') => {
      res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    try {
      if (url.pathname.startsWith('/uploads/')) {
        const file = path.resolve(uploads, `.${decodeURIComponent(url.pathname.slice('/uploads'.length))}`);
        if (!file.startsWith(`${uploads}${path.sep}`) || !(await stat(file).catch(() => null))?.isFile()) throw notFound();
        return send(200, await readFile(file), MEDIA_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
      }
      if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
        throw new RequestError(401, failure(401, 'UnauthorizedError', 'Missing or invalid credentials'));
      }
      if (url.pathname === '/__fake/publish' && req.method === 'POST') {
        return send(200, JSON.stringify(await publish(JSON.parse(await readBody(req)) as PageEdit)));
      }
      const match = /^\/api\/([a-z-]+)(?:\/([^/]+))?$/.exec(url.pathname);
      if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) throw notFound();
      for (const key of url.searchParams.keys()) if (!QUERY_KEYS.has(key.split('[', 1)[0]!)) throw invalidKey(key);
      const value = lookUp(store, match[1]!, url.searchParams.get('locale') ?? DEFAULT_LOCALE);
      const documentId = match[2] ? decodeURIComponent(match[2]) : null;
      if ('single' in value) {
        if (documentId || value.single === null) throw notFound();
        return send(200, `{"data":${value.single},"meta":{}}`);
      }
      if (!documentId) return send(200, collectionPage(value, url.searchParams));
      const entry = value.byDocument.get(documentId);
      if (!entry) throw notFound();
      return send(200, `{"data":${pick(entry.json, fieldsOf(url.searchParams))},"meta":{}}`);
    } catch (error) {
      if (error instanceof RequestError) return send(error.status, JSON.stringify(error.body));
      send(500, JSON.stringify(failure(500, 'InternalServerError', (error as Error).message)));
    }
  }

  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address() as { address: string; port: number };
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    publish: (edit) => publish(edit),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the parent passes the child (as JSON in MAREA_FAKE_STRAPI): the fake's options, and, when set, how many synthetic slugs to write into `contentDir` first. */
interface ChildOptions {
  readonly contentDir: string;
  readonly port: number;
  readonly token: string | null;
  readonly slugs?: number;
}

/** The fake in a child process, so its memory is not counted in the caller's. */
export interface FakeStrapiProcess {
  readonly url: string;
  readonly pid: number;
  /** How long writing the synthetic content took in the child (ms), when it wrote any. */
  readonly writeMs: number | null;
  publish(edit: PageEdit): Promise<PublishResult>;
  stop(): Promise<void>;
}

/**
 * Starts the fake in a child process (this file, run by Node with tsx's
 * loader): when `slugs` is set, the child first writes that many synthetic
 * slugs (synthetic.ts) into `contentDir`. `env` reaches the child's
 * environment: `strapiLoopEnv` (service.ts) there names the webhook and its
 * secret, as it does for a real Strapi.
 */
export async function spawnFakeStrapi(options: ChildOptions & { readonly env?: Readonly<Record<string, string>> }): Promise<FakeStrapiProcess> {
  const { env, ...child } = options;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const process_ = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', tsx],
    env: { ...process.env, ...env, MAREA_FAKE_STRAPI: JSON.stringify(child) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => process_.once('exit', () => resolve()));
  const ready = await new Promise<{ url: string; writeMs: number | null }>((resolve, reject) => {
    process_.once('message', (message) => resolve(message as { url: string; writeMs: number | null }));
    process_.once('exit', (code, signal) => reject(new Error(`the fake Strapi stopped before it was ready (${signal ?? `exit ${code}`})`)));
    process_.once('error', reject);
  });
  return {
    url: ready.url,
    pid: process_.pid!,
    writeMs: ready.writeMs,
    async publish(edit) {
      const response = await fetch(`${ready.url}/__fake/publish`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}) },
        body: JSON.stringify(edit),
      });
      if (!response.ok) throw new Error(`the fake Strapi refused the edit: ${response.status} ${await response.text()}`);
      return (await response.json()) as PublishResult;
    },
    async stop() {
      if (process_.exitCode === null && process_.signalCode === null) process_.kill();
      await exited;
    },
  };
}

/** The child: writes the synthetic content when asked, starts the fake, tells the parent its address. */
async function runChild(options: ChildOptions): Promise<void> {
  let writeMs: number | null = null;
  if (options.slugs) {
    const started = performance.now();
    await writeSyntheticContent(options.contentDir, options.slugs);
    writeMs = performance.now() - started;
  }
  const webhook = process.env.MAREA_WEBHOOK_URL && process.env.MAREA_WEBHOOK_SECRET ? { url: process.env.MAREA_WEBHOOK_URL, secret: process.env.MAREA_WEBHOOK_SECRET } : null;
  const fake = await startFakeStrapi({ contentDir: options.contentDir, port: options.port, token: options.token, webhook });
  process.send!({ url: fake.url, writeMs });
  // The parent going away ends the child.
  process.on('disconnect', () => void fake.close().then(() => process.exit(0)));
}

if (process.env.MAREA_FAKE_STRAPI && process.send && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runChild(JSON.parse(process.env.MAREA_FAKE_STRAPI) as ChildOptions);
}
