import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CACHE_PART_ENTRIES, cacheFileTexts, cachePartText } from '../cms/cache.js';

/** A 1×1 JPEG: the benchmark measures the generator, not image bytes. */
const PIXEL_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

/** How many distinct images the synthetic media library holds (a resort's library, not one file per use). */
const MEDIA_POOL = 40;
const FORMATS = [
  ['thumbnail', 245],
  ['small', 500],
  ['medium', 750],
  ['large', 1000],
] as const;

const WORDS = {
  en: 'ocean suite view breakfast spa pool terrace sunset family garden beach resort dinner private quiet room king bed balcony tropical morning walk island reef diving kids club evening music local chef market village boat tour cenote jungle relax massage wine'.split(
    ' ',
  ),
  es: 'océano suite vista desayuno spa alberca terraza atardecer familia jardín playa hotel cena privado tranquilo habitación cama balcón tropical mañana paseo isla arrecife buceo niños club noche música local chef mercado pueblo lancha recorrido cenote selva descanso masaje vino sol'.split(
    ' ',
  ),
};
const SLUG_WORDS = 'ocean suite view spa pool terrace sunset family garden beach dinner room balcony reef diving club chef market village tour cenote jungle massage wine'.split(
  ' ',
);
const SECTIONS = ['rooms', 'offers', 'dining', 'experiences'];
type Lang = keyof typeof WORDS;

/** mulberry32: a small deterministic generator, so the same N always gives the same content (and a test's random moments can be replayed). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Words {
  constructor(
    private readonly r: () => number,
    private readonly list: readonly string[],
  ) {}
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.r() * items.length)]!;
  }
  text(min: number, max: number): string {
    const n = min + Math.floor(this.r() * (max - min + 1));
    const s = Array.from({ length: n }, () => this.pick(this.list)).join(' ');
    return s[0]!.toUpperCase() + s.slice(1);
  }
  sentences(chars: number): string {
    let s = '';
    while (s.length < chars) s += `${s ? ' ' : ''}${this.text(6, 12)}.`;
    return s;
  }
}

function media(id: number) {
  const name = `photo-${id}`;
  const wide = id % 2 === 0;
  const [width, height] = wide ? [1600, 900] : [1200, 800];
  const formats = Object.fromEntries(
    FORMATS.map(([format, w]) => [format, { url: `/uploads/${format}_${name}.jpg`, width: w, height: Math.round((w * height) / width), mime: 'image/jpeg' }]),
  );
  return { id, documentId: `media${id}`, url: `/uploads/${name}.jpg`, mime: 'image/jpeg', width, height, alternativeText: `Photo ${id}`, formats };
}

const pathOf = (lang: Lang, slug: string) => (lang === 'en' ? `/${slug}` : `/es/${slug}`);

/**
 * Twenty blocks in the peers' mix (../shared/bench-peers/gen-content.mjs):
 * hero, rich text, accordion (4 items), gallery (6 images), card list (a
 * carousel of 4 text slides linking to other pages), four of each.
 */
function blocks(w: Words, lang: Lang, slugs: readonly string[], pool: readonly unknown[]) {
  const list: Record<string, unknown>[] = [];
  const target = () => w.pick(slugs);
  for (let b = 0; b < 20; b++) {
    switch (b % 5) {
      case 0:
        list.push({ __component: 'blocks.hero', title: w.text(3, 7), subtitle: w.text(8, 14), media: w.pick(pool), height: 'full' });
        break;
      case 1:
        list.push({
          __component: 'blocks.wysiwyg',
          body: `<p>${w.sentences(120)} <strong>${w.text(2, 4)}</strong> ${w.sentences(100)} <a href="${pathOf(lang, target())}">${w.text(2, 3)}</a> &amp; <em>${w.text(3, 6)}</em>.</p>`,
        });
        break;
      case 2:
        list.push({ __component: 'blocks.accordion', title: w.text(2, 5), items: [0, 1, 2, 3].map(() => ({ title: `${w.text(3, 6)}?`, body: `<p>${w.sentences(90)}</p>` })) });
        break;
      case 3:
        list.push({ __component: 'blocks.gallery', title: w.text(2, 4), columns: 3, images: [0, 1, 2, 3, 4, 5].map(() => w.pick(pool)) });
        break;
      default:
        list.push({
          __component: 'blocks.carousel',
          title: w.text(2, 4),
          autoplay: 0,
          slides: [0, 1, 2, 3].map(() => {
            const title = w.text(2, 4);
            return { title, text: `${w.text(10, 16)}.`, link: { label: title, slug: target() } };
          }),
        });
    }
  }
  return list.map((block, n) => ({ id: n + 1, ...block }));
}

function slugList(n: number): string[] {
  const r = seededRandom(780);
  return Array.from({ length: n }, (_, i) => {
    const base = `${SLUG_WORDS[Math.floor(r() * SLUG_WORDS.length)]}-${SLUG_WORDS[Math.floor(r() * SLUG_WORDS.length)]}-${i + 1}`;
    return i % 4 === 3 ? `${SECTIONS[i % SECTIONS.length]}/${base}` : base;
  });
}

/**
 * Writes synthetic content (content-cache/ layout, Strapi 5 shape) into
 * `dir`: a home page plus `slugs` pages in each locale (2 × slugs + 2 pages,
 * as the peers build), 20 blocks each in the peers' block mix, with text
 * drawn from a seeded generator (every page differs, every 10th title needs
 * escaping) and images from a library of 40 CMS media with Strapi's formats.
 */
export async function writeSyntheticContent(dir: string, slugs: number): Promise<void> {
  await mkdir(path.join(dir, 'api'), { recursive: true });
  await mkdir(path.join(dir, 'uploads'), { recursive: true });
  const pool = Array.from({ length: MEDIA_POOL }, (_, i) => media(i + 1));
  for (let i = 1; i <= MEDIA_POOL; i++) {
    for (const prefix of ['', ...FORMATS.map(([f]) => `${f}_`)]) await writeFile(path.join(dir, 'uploads', `${prefix}photo-${i}.jpg`), PIXEL_JPEG);
  }
  const names = slugList(slugs);
  for (const [index, [lang, cms]] of (
    [
      ['en', 'en'],
      ['es', 'es-MX'],
    ] as const
  ).entries()) {
    const w = new Words(seededRandom(780_000 + index + 1), WORDS[lang]);
    const all = ['home', ...names];
    const entry = (slug: string, i: number) => ({
      id: i + 1 + index * all.length,
      documentId: `doc${String(i).padStart(20, '0')}`,
      locale: cms,
      slug,
      title: `${w.text(2, 5)}${i % 10 === 1 ? ' & "Spa" <Deluxe>' : ''}`,
      kind: 'page',
      summary: w.sentences(120).slice(0, 155),
      seo: { metaTitle: null, metaDescription: w.sentences(120).slice(0, 155), noIndex: false },
      blocks: blocks(w, lang, names, pool),
      updatedAt: '2026-05-01T00:00:00.000Z',
      publishedAt: '2026-05-01T00:00:00.000Z',
    });
    const meta = { pagination: { page: 1, pageSize: 100, pageCount: 1, total: all.length } };
    const name = `pages.${cms}.json`;
    // A part at a time, in order (the words come from one seeded sequence): only one part's entries are in memory.
    const parts = Math.ceil(all.length / CACHE_PART_ENTRIES);
    if (parts === 1) await writeFile(path.join(dir, 'api', name), cacheFileTexts(name, { data: all.map(entry), meta }).get(name)!);
    else
      for (let part = 1; part <= parts; part += 1) {
        const first = (part - 1) * CACHE_PART_ENTRIES;
        const data = all.slice(first, first + CACHE_PART_ENTRIES).map((slug, i) => entry(slug, first + i));
        const [file, text] = cachePartText(name, part, parts, { data, meta });
        await writeFile(path.join(dir, 'api', file), text);
      }
    const link = (label: string, slug: string) => ({ label, slug });
    const layout = {
      header: [
        {
          id: 1,
          __component: 'blocks.header',
          logo: null,
          nav: [link(lang === 'en' ? 'Home' : 'Inicio', 'home'), { ...link(names[0]!, names[0]!), children: [link(names[1 % names.length]!, names[1 % names.length]!)] }],
          phone: '+52 998 000 0000',
        },
        { id: 2, __component: 'blocks.language-switcher' },
      ],
      footer: [
        {
          id: 3,
          __component: 'blocks.footer',
          columns: [{ title: lang === 'en' ? 'Explore' : 'Explora', links: [link(lang === 'en' ? 'Home' : 'Inicio', 'home')] }],
          social: [{ network: 'instagram', url: 'https://instagram.com/x' }],
          legal: '<p>© Bench</p>',
        },
      ],
    };
    await writeFile(path.join(dir, 'api', `layout.${cms}.json`), JSON.stringify({ data: layout, meta: {} }));
    await writeFile(
      path.join(dir, 'api', `error-page.${cms}.json`),
      JSON.stringify({ data: { media: null, text404: '404', description404: 'Not here', links: [{ slug: { slug: 'home' }, btntext: 'Home' }] }, meta: {} }),
    );
    await writeFile(path.join(dir, 'api', `modals.${cms}.json`), JSON.stringify({ data: [], meta: { pagination: { page: 1, pageSize: 100, pageCount: 0, total: 0 } } }));
  }
  await writeFile(path.join(dir, 'api', 'promo-codes.json'), JSON.stringify({ data: [], meta: { pagination: { page: 1, pageSize: 100, pageCount: 0, total: 0 } } }));
}
