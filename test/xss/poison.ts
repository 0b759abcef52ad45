import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { declarationOf } from '../../src/shared/blocks/catalogue.js';
import type { Field, Fields } from '../../src/shared/blocks/fields.js';
import { unsafeProtocol } from '../../src/node/content/urls.js';
import { URL_VECTORS, VECTORS, type Vector } from './vectors.js';

/**
 * A poisoned copy of a content folder (content-cache/
 * layout, Strapi 5 responses). Every field a block or modal item declares
 * (src/shared/blocks/*.ts, src/shared/modal-items/*.ts, walked through the
 * catalogue, not listed here) of the kinds that carry text — text, rich
 * text, url, link (label, url, slug), media (alt, caption, url), strings,
 * form options — gets a vector, and so do the page fields (title, summary,
 * cover, SEO), the error page and the promo codes' labels. Declared fields
 * the content leaves blank are filled in (a list gets one item), so every
 * field of every block in use is poisoned. Each kind of field takes the
 * vectors in turn from its own offset (one turn per family: every label, every
 * alt, every rich text…), so each vector lands in several kinds.
 *
 * Kept working so the site still builds and navigates: page slugs, modal
 * names, the header's navigation targets, enumerations (`choices`), numbers,
 * dates and booleans.
 */
export interface Poisoned {
  dir: string;
  /** Fields that received a vector. */
  fields: number;
  /** Vector name → the kinds of field it was placed in (`text`, `link.url`, `media.alt`, `seo.metaTitle`…). */
  kinds: Map<string, Set<string>>;
  /** Every placement: vector name and where (file, JSON path). */
  placements: Array<{ vector: string; kind: string; where: string }>;
}

type Json = Record<string, unknown>;

/** The vectors normalisation refuses as a url (rule 23): they may replace a media url whole. */
const SCHEME_VECTORS = new Set(VECTORS.map((v) => v.payload).filter((p) => unsafeProtocol(p) !== null));
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

class Poisoner {
  fields = 0;
  readonly kinds = new Map<string, Set<string>>();
  readonly placements: Poisoned['placements'] = [];
  private readonly counters = new Map<string, number>();
  stockMedia: Json | undefined;

  /** The next vector for a kind of field (URL kinds take the URL vectors first, then all). */
  next(kind: string, where: string): string {
    const list: readonly Vector[] = /url|slug/i.test(kind) ? [...URL_VECTORS, ...VECTORS] : VECTORS;
    // One turn per family of field (every `…label`, every `…alt`, every rich text), whatever the block:
    // a family with as many fields as there are vectors receives every vector.
    const family = kind.split('.').pop() ?? kind;
    const start = this.counters.get(family) ?? offset(family, list.length);
    this.counters.set(family, start + 1);
    const vector = list[start % list.length]!;
    this.fields++;
    let set = this.kinds.get(vector.name);
    if (!set) this.kinds.set(vector.name, (set = new Set()));
    set.add(kind);
    this.placements.push({ vector: vector.name, kind, where });
    return vector.payload;
  }

  media(value: unknown, kind: string, where: string, poisonUrl: boolean): Json | undefined {
    const base = isRecord(value) ? value : this.stockMedia ? structuredClone(this.stockMedia) : undefined;
    if (!base) return undefined;
    base.alternativeText = this.next(`${kind}.alt`, `${where}.alternativeText`);
    base.caption = this.next(`${kind}.caption`, `${where}.caption`);
    if (poisonUrl) {
      // A scheme replaces the url (normalisation must refuse it); anything else rides in the query of the
      // real file (a url that names no file in the cache is refused by the build as a whole: UnsafeMediaUrlError),
      // its control characters percent-encoded (a raw one makes the whole build refuse the url, by design).
      const vector = this.next(`${kind}.url`, `${where}.url`);
      const query = vector.replace(/\p{Cc}/gu, (c) => encodeURIComponent(c));
      base.url = SCHEME_VECTORS.has(vector) ? vector : `${String(base.url)}?${query}`;
    }
    return base;
  }

  link(value: unknown, kind: string, where: string, target: 'label' | 'url' | 'slug'): Json {
    const link: Json = isRecord(value) ? value : { url: 'https://example.com/' };
    link.label = this.next(`${kind}.label`, `${where}.label`);
    if (target === 'url' || (target === 'slug' && link.slug === undefined && link.modal === undefined)) {
      delete link.slug;
      link.url = this.next(`${kind}.url`, `${where}.url`);
    } else if (target === 'slug' && typeof link.slug === 'string') {
      link.slug = this.next(`${kind}.slug`, `${where}.slug`);
    }
    return link;
  }

  /** Rich text as Strapi 5 blocks: a paragraph, a heading, a link (text and url) and an image (url and alt), each poisoned. */
  strapiBlocks(kind: string, where: string): unknown[] {
    const text = (k: string) => ({ type: 'text', text: this.next(kind, `${where}.${k}`) });
    return [
      { type: 'paragraph', children: [text('paragraph')] },
      { type: 'heading', level: 2, children: [text('heading')] },
      { type: 'paragraph', children: [{ type: 'link', url: this.next(`${kind}.url`, `${where}.link.url`), children: [text('link.text')] }] },
      { type: 'image', image: { url: this.next(`${kind}.url`, `${where}.image.url`), alternativeText: this.next(kind, `${where}.image.alt`), width: 10, height: 10 } },
    ];
  }

  /** The fields of a block, a modal item or a list item, as declared. */
  fieldsOf(fields: Fields, raw: Json, kind: string, where: string, chromeNav: boolean): void {
    for (const [key, field] of Object.entries(fields)) this.field(field, key, raw, kind, `${where}.${key}`, chromeNav);
  }

  private field(field: Field, key: string, raw: Json, scope: string, where: string, chromeNav: boolean): void {
    const kind = `${scope}:${field.kind}`;
    switch (field.kind) {
      case 'text':
        if (field.choices) return; // an enumeration: what it does with an unknown value is its own test
        raw[key] = this.next(short(kind), where);
        return;
      case 'richText':
        // One rich text in four as Strapi 5 blocks JSON (its own renderer, src/node/content/strapi-blocks.ts).
        raw[key] = this.counter(kind) % 4 === 3 ? this.strapiBlocks(`${short(kind)}.blocks`, where) : this.next(short(kind), where);
        return;
      case 'url':
      case 'engineUrl':
        raw[key] = this.next(short(kind), where);
        return;
      case 'media': {
        // Every third media gets a poisoned url as well (the block loses it: rule 23, or a missing file).
        const poisonUrl = this.counter(kind) % 3 === 2;
        const m = this.media(Array.isArray(raw[key]) ? raw[key][0] : raw[key], short(kind), where, poisonUrl);
        if (m) raw[key] = m;
        return;
      }
      case 'mediaList': {
        const list = Array.isArray(raw[key]) && raw[key].length > 0 ? (raw[key] as unknown[]) : [undefined];
        raw[key] = list.map((m, i) => this.media(m, short(kind), `${where}[${i}]`, i === 1)).filter(Boolean);
        return;
      }
      case 'link':
        raw[key] = this.link(raw[key], short(kind), where, this.target(kind));
        return;
      case 'links': {
        const list = Array.isArray(raw[key]) && raw[key].length > 0 ? (raw[key] as unknown[]) : [undefined, undefined];
        raw[key] = list.map((item, i) => {
          // The header's navigation keeps its targets (the browser test navigates through it).
          const link = this.link(item, short(kind), `${where}[${i}]`, chromeNav ? 'label' : this.target(kind));
          if (Array.isArray(link.children)) {
            link.children = link.children.map((child, j) => this.link(child, short(kind), `${where}[${i}].children[${j}]`, chromeNav ? 'label' : this.target(kind)));
          }
          return link;
        });
        return;
      }
      case 'strings':
      case 'options': {
        const list = Array.isArray(raw[key]) && raw[key].length > 0 ? (raw[key] as unknown[]) : [undefined, undefined];
        raw[key] = list.map((item, i) =>
          isRecord(item)
            ? {
                ...item,
                ...Object.fromEntries(
                  ['label', 'text', 'title', 'name', 'value'].filter((k) => typeof item[k] === 'string').map((k) => [k, this.next(short(kind), `${where}[${i}].${k}`)]),
                ),
              }
            : this.next(short(kind), `${where}[${i}]`),
        );
        return;
      }
      case 'list': {
        const items = Array.isArray(raw[key]) && raw[key].length > 0 ? (raw[key] as unknown[]) : [{}];
        items.forEach((item, i) => {
          if (isRecord(item)) this.fieldsOf(field.item ?? {}, item, scope, `${where}[${i}]`, chromeNav);
        });
        raw[key] = items;
        return;
      }
      default:
        // number, bound, boolean, choice, date, promoCodes, modal: not text; left as the content has them.
        return;
    }
  }

  private counter(kind: string): number {
    const n = this.counters.get(`#${kind}`) ?? 0;
    this.counters.set(`#${kind}`, n + 1);
    return n;
  }

  /** Links alternate their target: label only, url, slug. */
  private target(kind: string): 'label' | 'url' | 'slug' {
    return (['url', 'slug', 'label'] as const)[this.counter(`target:${kind}`) % 3]!;
  }
}

/** `blocks.form:text` → `form.text`: the block and the field kind. */
function short(kind: string): string {
  return kind.replace(/^(blocks|modals)\./, '').replace(':', '.');
}

/** A stable start in the vector list for each kind of field, so kinds do not all start at the first vector. */
function offset(kind: string, length: number): number {
  let h = 0;
  for (const c of kind) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % length;
}

/** Copies `from` (a content-cache/ folder) to `to`, poisoned. Media files are linked, not copied. */
export async function poisonContent(from: string, to: string): Promise<Poisoned> {
  await mkdir(path.join(to, 'api'), { recursive: true });
  await symlink(path.join(from, 'uploads'), path.join(to, 'uploads')).catch(() => cp(path.join(from, 'uploads'), path.join(to, 'uploads'), { recursive: true }));
  const p = new Poisoner();
  const files = (await readdir(path.join(from, 'api'))).filter((f) => f.endsWith('.json')).sort();
  const bodies = new Map<string, Json>();
  for (const file of files) bodies.set(file, JSON.parse(await readFile(path.join(from, 'api', file), 'utf8')) as Json);
  // A media object to fill in blank media fields with (then poisoned).
  const firstPage = (bodies.get('pages.en.json')?.data as Json[] | undefined)?.[0];
  if (firstPage && isRecord(firstPage.cover)) p.stockMedia = structuredClone(firstPage.cover);

  for (const [file, body] of bodies) {
    const entries = Array.isArray(body.data) ? (body.data as Json[]) : isRecord(body.data) ? [body.data] : [];
    entries.forEach((entry, n) => {
      const at = `${file}#${n}`;
      if (file.startsWith('pages.')) {
        entry.title = p.next('page.title', `${at}.title`);
        entry.summary = p.next('page.summary', `${at}.summary`);
        const cover = p.media(entry.cover, 'page.cover', `${at}.cover`, false);
        if (cover) entry.cover = cover;
        const seo: Json = isRecord(entry.seo) ? entry.seo : {};
        seo.metaTitle = p.next('seo.metaTitle', `${at}.seo.metaTitle`);
        seo.metaDescription = p.next('seo.metaDescription', `${at}.seo.metaDescription`);
        const image = p.media(seo.metaImage, 'seo.metaImage', `${at}.seo.metaImage`, n % 4 === 3);
        if (image) seo.metaImage = image;
        entry.seo = seo;
        zone(p, entry.blocks, 'block', `${at}.blocks`, false);
      } else if (file.startsWith('layout.')) {
        zone(p, entry.header, 'block', `${at}.header`, true);
        zone(p, entry.footer, 'block', `${at}.footer`, false);
      } else if (file.startsWith('modals.')) {
        zone(p, entry.dynZone, 'modal', `${at}.dynZone`, false);
      } else if (file.startsWith('error-page.')) {
        entry.text404 = p.next('error.text404', `${at}.text404`);
        entry.description404 = p.next('error.description404', `${at}.description404`);
        if (Array.isArray(entry.links)) entry.links = entry.links.map((l, i) => p.link(l, 'error.links', `${at}.links[${i}]`, i % 2 ? 'url' : 'label'));
        const media = p.media(entry.media, 'error.media', `${at}.media`, false);
        if (media) entry.media = media;
      } else if (file.startsWith('promo-codes')) {
        entry.label = p.next('promo.label', `${at}.label`);
      }
    });
    await writeFile(path.join(to, 'api', file), JSON.stringify(body, null, 1));
  }
  return { dir: to, fields: p.fields, kinds: p.kinds, placements: p.placements };
}

function zone(p: Poisoner, blocks: unknown, kind: 'block' | 'modal', where: string, chromeNav: boolean): void {
  if (!Array.isArray(blocks)) return;
  blocks.forEach((block, i) => {
    if (!isRecord(block) || typeof block.__component !== 'string') return;
    const declaration = declarationOf(block.__component, kind);
    if (!declaration) return;
    p.fieldsOf(declaration.fields, block, block.__component, `${where}[${i}]`, chromeNav && block.__component === 'blocks.header');
    // A modal's form asks nothing required, so the browser test can send it and see its (poisoned) success message.
    if (block.__component === 'modals.embedded-form' && Array.isArray(block.fields)) {
      for (const field of block.fields as unknown[]) if (isRecord(field)) field.required = false;
    }
  });
}
