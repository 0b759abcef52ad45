import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * The generator of the two fixture sites the normalisation tests read
 * (src/node/content/fixtures/strapi4-site.json and strapi5-site.json, through
 * `fixtureSite` in fixtures/raw-site.ts): one content, written once as
 * Strapi 5 sends it (flat, `documentId`) and once as Strapi 4 does
 * (`{ id, attributes }`, media and relations under `data`). Change the
 * content here, then `npm run fixtures:strapi` rewrites both files;
 * src/node/content/fixtures/fixture-sites.test.ts fails while they differ.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const STAMP = '2026-04-01T10:00:00.000Z';
const stamps = { createdAt: STAMP, updatedAt: STAMP, publishedAt: STAMP };

/** Round half to even, as the original generator (Python's `round`) did: 562.5 → 562. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const rest = value - floor;
  if (rest !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

function media(id: number, name: string, w: number, h: number, options: { mime?: string; alt?: string; caption?: string | null; formats?: boolean } = {}): Obj {
  const { mime = 'image/jpeg', alt = '', caption = null, formats = true } = options;
  const dot = name.lastIndexOf('.');
  const ext = name.slice(dot + 1);
  const base = name.slice(0, dot);
  const m: Obj = {
    id,
    documentId: `media${id}doc`,
    name,
    alternativeText: alt || null,
    caption,
    width: w,
    height: h,
    formats: null,
    hash: `${base}_a1b2`,
    ext: `.${ext}`,
    mime,
    size: 120.5,
    url: `/uploads/${base}_a1b2.${ext}`,
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
    ...stamps,
  };
  if (formats && mime.startsWith('image/')) {
    const fm: Obj = {};
    // CMS order (not sorted by width), as in the samples.
    for (const [key, fw] of [
      ['thumbnail', 245],
      ['large', 1000],
      ['small', 500],
      ['medium', 750],
    ] as const) {
      fm[key] = {
        name: `${key}_${name}`,
        hash: `${key}_${base}_a1b2`,
        ext: `.${ext}`,
        mime,
        path: null,
        width: fw,
        height: roundHalfEven((h * fw) / w),
        size: 10,
        sizeInBytes: 10000,
        url: `/uploads/${key}_${base}_a1b2.${ext}`,
      };
    }
    m.formats = fm;
  }
  return m;
}

const hero = media(1, 'hero.jpg', 1600, 900, { alt: 'Beach at sunrise', caption: 'Sunrise' });
const suite = media(2, 'suite.jpg', 1200, 800, { caption: 'The deluxe suite' }); // no alt: caption used
const pool = media(3, 'pool.jpg', 1200, 800, { alt: 'Pool' });
const clip = media(4, 'tour.mp4', 1920, 1080, { mime: 'video/mp4', formats: false });
const logo = media(5, 'logo.png', 240, 80, { mime: 'image/png', alt: 'Marea', formats: false });
const e404 = media(6, 'storm.jpg', 1600, 900, { alt: 'Storm', formats: true });

const promo: Obj[] = [
  {
    id: 1,
    documentId: 'promo1doc',
    code: ' summer26 ',
    startdate: '2026-06-01T00:00:00.000Z',
    enddate: null,
    countries: { id: 11, country: ['usa', 'CAN'] },
    label: '15% off',
    ...stamps,
  },
  { id: 2, documentId: 'promo2doc', code: 'MX10', startdate: null, enddate: '2026-12-31', countries: { id: 12, country: ['MEX'] }, label: '10% MX', ...stamps },
];

const copy = <T extends Json>(value: T): T => structuredClone(value);

function homeBlocks(lang: 'en' | 'es'): Obj[] {
  const en = lang === 'en';
  return [
    {
      __component: 'blocks.hero',
      id: 1,
      title: en ? 'Welcome to Marea' : 'Bienvenido a Marea',
      subtitle: en ? 'Sea and sun' : 'Mar y sol',
      media: hero,
      height: 'full',
      cta: { id: 1, label: en ? 'See the suite' : 'Ver la suite', slug: en ? '/rooms/deluxe-suite/#gallery' : 'habitaciones/suite-deluxe', url: null, modal: null },
      country: null,
      color_offer_close: '#fff',
    },
    {
      __component: 'blocks.wysiwyg',
      id: 2,
      body: [
        { type: 'heading', level: 1, children: [{ type: 'text', text: en ? 'Hello' : 'Hola' }] },
        {
          type: 'paragraph',
          children: [
            { type: 'text', text: 'Some ' },
            { type: 'text', text: 'bold', bold: true },
            { type: 'text', text: ' and a ' },
            { type: 'link', url: 'https://example.com', children: [{ type: 'text', text: 'link' }] },
          ],
        },
        {
          type: 'list',
          format: 'unordered',
          children: [
            { type: 'list-item', children: [{ type: 'text', text: 'one' }] },
            { type: 'list-item', children: [{ type: 'text', text: 'two' }] },
          ],
        },
      ],
    },
    {
      __component: 'blocks.booking',
      id: 3,
      title: en ? 'Book' : 'Reserva',
      defaultResort: 'CUN',
      defaultAirport: 'MEX',
      airports: [
        { id: 1, code: 'MEX', name: 'Mexico City' },
        { id: 2, code: 'LAX', name: 'Los Angeles' },
      ],
      resorts: [{ id: 3, code: 'CUN', name: 'Marea Cancún', destination: 'Cancún' }],
      promocodes: promo,
      engineUrl: 'https://book.example/search?resort={resort}&in={checkin}&out={checkout}&adults={adults}&promo={promo}&lang={lang}',
      groupsUrl: 'https://groups.example/',
      groupsModal: null,
      maxAdults: 6,
      maxChildren: 4,
      maxRooms: 3,
    },
    {
      __component: 'blocks.phone',
      id: 4,
      numbers: [
        { id: 1, label: 'USA', number: '+1 800 555 0100', countries: { id: 21, country: ['USA', 'CAN'] } },
        { id: 2, label: 'México', number: '+52 55 5555 0100', country: ['mex'] },
        { id: 3, label: 'Other', number: '+52 998 555 0100' },
      ],
    },
  ];
}

function suiteBlocks(lang: 'en' | 'es'): Obj[] {
  const en = lang === 'en';
  return [
    { __component: 'blocks.gallery', id: 5, title: en ? 'Gallery' : 'Galería', images: [suite, pool], columns: 2 },
    {
      __component: 'blocks.carousel',
      id: 6,
      title: 'Tour',
      autoplay: 0,
      slides: [
        {
          id: 1,
          media: clip,
          title: 'Video tour',
          text: en ? 'Walk *through* the suite' : 'Recorre la suite',
          link: { id: 9, label: en ? 'Book' : 'Reservar', modal: 'deluxe-suite', slug: null, url: null },
        },
        { id: 2, media: pool, title: 'Pool', text: '<p>Heated <em>pool</em></p>', link: null },
      ],
    },
    {
      __component: 'blocks.accordion',
      id: 7,
      title: 'FAQ',
      items: [
        { id: 1, title: 'Check-in?', body: 'From **3 pm**.' },
        { id: 2, title: 'Pets?', body: '<p>No pets.</p>' },
      ],
    },
  ];
}

interface PageExtra {
  summary?: string;
  cover?: Obj;
  date?: string;
  metaTitle?: string;
  metaImage?: Obj;
  updatedAt?: string;
}

function page(id: number, doc: string, lang: 'en' | 'es', slug: string, title: string, kind: string, blocks: Obj[], extra: PageExtra = {}): Obj {
  return {
    id,
    documentId: doc,
    slug,
    title,
    kind,
    summary: extra.summary ?? null,
    cover: extra.cover ?? null,
    date: extra.date ?? null,
    seo: { id, metaTitle: extra.metaTitle ?? null, metaDescription: null, metaImage: extra.metaImage ?? null, noIndex: false },
    blocks,
    locale: lang === 'en' ? 'en' : 'es-MX',
    createdAt: '2026-05-01T09:00:00.000Z',
    updatedAt: extra.updatedAt ?? '2026-05-03T09:12:00.000Z',
    publishedAt: '2026-05-03T09:12:00.000Z',
  };
}

const pagesEn = [
  page(1, '1', 'en', 'home', 'Home', 'page', homeBlocks('en'), { metaTitle: 'Marea Resorts', metaImage: hero }),
  page(3, '3', 'en', 'rooms/deluxe-suite', 'Deluxe Suite', 'room', suiteBlocks('en'), { summary: 'Sea view, 65 m²', cover: suite, date: '2026-05-01' }),
  page(
    5,
    '5',
    'en',
    'blog/hello',
    'Hello',
    'post',
    [
      { __component: 'blocks.video', id: 8, media: clip, poster: pool, autoplay: false, loop: true },
      { __component: 'blocks.share', id: 9, networks: ['facebook', 'x', 'whatsapp', 'email', 'copy'] },
    ],
    { summary: 'Our first post', date: '2026-04-20' },
  ),
];
const pagesEs = [
  page(4, '3', 'es', 'habitaciones/suite-deluxe', 'Suite Deluxe', 'room', suiteBlocks('es'), { summary: 'Vista al mar, 65 m²', cover: suite, date: '2026-05-01' }),
  page(2, '1', 'es', 'home', 'Inicio', 'page', homeBlocks('es'), { metaTitle: 'Marea Resorts', metaImage: hero }),
];
/** Page id → its other-locale versions: [id, locale, slug]. */
const localizations: Record<number, [number, string, string][]> = {
  1: [[2, 'es-MX', 'home']],
  3: [[4, 'es-MX', 'habitaciones/suite-deluxe']],
  5: [],
  2: [[1, 'en', 'home']],
  4: [[3, 'en', 'rooms/deluxe-suite']],
};
const localizationsOf = (p: Obj) => localizations[p.id as number]!;

function layout(lang: 'en' | 'es'): Obj {
  const en = lang === 'en';
  return {
    id: en ? 1 : 2,
    documentId: 'layoutdoc',
    locale: en ? 'en' : 'es-MX',
    header: [
      {
        __component: 'blocks.header',
        id: 1,
        logo,
        phone: '+1 800 555 0100',
        nav: [
          {
            id: 1,
            label: en ? 'Rooms' : 'Habitaciones',
            slug: en ? 'rooms' : 'habitaciones',
            children: [{ id: 2, label: 'Deluxe', slug: en ? 'rooms/deluxe-suite' : 'habitaciones/suite-deluxe' }],
          },
          { id: 3, label: 'Blog', url: 'https://blog.example.com', external: true },
        ],
      },
      { __component: 'blocks.language-switcher', id: 2 },
      {
        __component: 'blocks.offer-toast',
        id: 3,
        text: en ? 'Summer sale' : 'Oferta de verano',
        link: { id: 4, label: 'Book', slug: 'home#booking' },
        startdate: '2026-06-01',
        enddate: '2026-08-31',
        countries: { id: 5, country: ['USA'] },
        background: '#003366',
        delay: 3000,
      },
    ],
    footer: [
      {
        __component: 'blocks.footer',
        id: 4,
        columns: [{ id: 1, title: 'Resort', links: [{ id: 1, label: 'Contact', url: 'mailto:hola@marea.example' }] }],
        social: [{ id: 1, network: 'facebook', url: 'https://facebook.com/marea' }],
        legal: en ? '© 2026 Marea. [Privacy](/privacy)' : '© 2026 Marea. [Privacidad](/privacidad)',
      },
      {
        __component: 'blocks.cookie-notice',
        id: 5,
        text: en ? 'We use cookies.' : 'Usamos cookies.',
        acceptLabel: 'OK',
        rejectLabel: 'No',
        policy: { id: 6, label: 'Policy', slug: 'privacy' },
      },
    ],
    ...stamps,
  };
}

function errorPage(lang: 'en' | 'es'): Obj {
  const en = lang === 'en';
  const locale = en ? 'en' : 'es-MX';
  return {
    id: en ? 1 : 2,
    documentId: 'errdoc',
    locale,
    media: e404,
    text404: en ? 'Lost at sea' : 'Perdido en el mar',
    description404: en ? 'This page does not exist.' : 'Esta página no existe.',
    links: [
      { id: 1, slug: { id: 3, documentId: '3', slug: en ? 'rooms/deluxe-suite' : 'habitaciones/suite-deluxe', locale }, btntext: en ? 'See the suite' : 'Ver la suite' },
      { id: 2, slug: { id: 1, documentId: '1', slug: 'home', locale }, btntext: en ? 'Home' : 'Inicio' },
    ],
    ...stamps,
  };
}

function modals(lang: 'en' | 'es'): Obj[] {
  const en = lang === 'en';
  return [
    {
      id: en ? 7 : 8,
      documentId: 'modaldoc',
      modalName: 'deluxe-suite',
      locale: en ? 'en' : 'es-MX',
      dynZone: [
        {
          __component: 'modals.room',
          id: 1,
          countries: { id: 1, country: ['MEX'] },
          title: 'Suite (MX)',
          images: [suite],
          body: 'Para huéspedes de México.',
          features: ['65 m²', 'Ocean view'],
          cta: { id: 1, label: 'Book', slug: 'home#booking' },
        },
        {
          __component: 'modals.room',
          id: 2,
          title: 'Suite',
          images: [suite, pool],
          body: [{ type: 'paragraph', children: [{ type: 'text', text: 'For everyone.' }] }],
          features: ['65 m²'],
          cta: { id: 2, label: 'Book', url: 'https://book.example/' },
        },
      ],
      ...stamps,
    },
  ];
}

function promoCodes(): Obj[] {
  return [...copy(promo), { id: 3, documentId: 'promo3doc', code: 'ALWAYS', startdate: null, enddate: null, countries: null, label: null, ...stamps }];
}

const NEWEST = '2026-05-03T09:12:00.000Z';
const CMS_LOCALES = { en: 'en', es: 'es-MX' };

// ---------- Strapi 5 ----------

function strapi5Page(p: Obj): Obj {
  return { ...copy(p), localizations: localizationsOf(p).map(([id, locale, slug]) => ({ id, documentId: p.documentId!, locale, slug })) };
}

function strapi5Site(): Obj {
  return {
    source: 'cache',
    cmsLocales: CMS_LOCALES,
    pages: { en: pagesEn.map(strapi5Page), es: pagesEs.map(strapi5Page) },
    layout: { en: layout('en'), es: layout('es') },
    errorPage: { en: errorPage('en'), es: errorPage('es') },
    modals: { en: modals('en'), es: modals('es') },
    promoCodes: promoCodes(),
    newestUpdate: NEWEST,
  };
}

// ---------- Strapi 4 ----------

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isMedia = (v: Json): v is Obj => isObj(v) && 'mime' in v && 'hash' in v;
const without = (v: Obj, ...keys: string[]): Obj => Object.fromEntries(Object.entries(v).filter(([k]) => !keys.includes(k)));
const mapValues = (v: Obj, f: (key: string, value: Json) => Json): Obj => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, f(k, x)]));

/** `{ id, attributes }` of an entry. */
const entry = (v: Obj): Obj => ({ id: v.id!, attributes: without(v, 'id', 'documentId') });
const strapi4Media = (v: Obj): Obj => {
  const e = entry(v);
  return { ...e, attributes: without(e.attributes as Obj, 'publishedAt') };
};

function strapi4Value(key: string, v: Json): Json {
  if (isMedia(v)) return { data: strapi4Media(v) };
  if (key === 'images' && Array.isArray(v)) return { data: v.map((m) => strapi4Media(m as Obj)) };
  if (['media', 'cover', 'poster', 'logo', 'metaImage'].includes(key) && v === null) return { data: null };
  if (key === 'promocodes') return { data: (v as Obj[]).map((p) => entry(mapValues(p, strapi4Value))) };
  if (Array.isArray(v)) return v.map((x) => strapi4Value(key, x));
  // Rich text nodes (they have a `type`) are the same in both versions.
  if (isObj(v) && !('type' in v)) return mapValues(without(v, 'documentId'), strapi4Value);
  return v;
}

function strapi4Page(p: Obj): Obj {
  const attributes = mapValues(without(p, 'id', 'documentId'), strapi4Value);
  attributes.localizations = { data: localizationsOf(p).map(([id, locale, slug]) => ({ id, attributes: { locale, slug } })) };
  return { id: p.id!, attributes };
}

const strapi4Single = (v: Obj): Obj => ({ id: v.id!, attributes: mapValues(without(v, 'id', 'documentId'), strapi4Value) });

function strapi4ErrorPage(v: Obj): Obj {
  const e = strapi4Single(v);
  for (const link of (e.attributes as Obj).links as Obj[]) {
    const s = link.slug as Obj;
    link.slug = { data: { id: s.id!, attributes: { slug: s.slug!, locale: s.locale! } } };
  }
  return e;
}

function strapi4Site(): Obj {
  return {
    source: 'cms',
    cmsLocales: CMS_LOCALES,
    pages: { en: pagesEn.map(strapi4Page), es: pagesEs.map(strapi4Page) },
    layout: { en: strapi4Single(layout('en')), es: strapi4Single(layout('es')) },
    errorPage: { en: strapi4ErrorPage(errorPage('en')), es: strapi4ErrorPage(errorPage('es')) },
    modals: { en: modals('en').map(strapi4Single), es: modals('es').map(strapi4Single) },
    promoCodes: promoCodes().map((p) => entry(mapValues(p, strapi4Value))),
    newestUpdate: NEWEST,
  };
}

/** The fixture site as Strapi 4 or Strapi 5 sends it (a fresh object on every call). */
export function strapiFixtureSite(version: 4 | 5): Obj {
  return version === 4 ? strapi4Site() : strapi5Site();
}

/** Where the normalisation tests read them. */
export const fixtureSiteFile = (version: 4 | 5): string => fileURLToPath(new URL(`../../src/node/content/fixtures/strapi${version}-site.json`, import.meta.url));

// `npm run fixtures:strapi`
if (import.meta.main) {
  for (const version of [4, 5] as const) {
    await writeFile(fixtureSiteFile(version), JSON.stringify(strapiFixtureSite(version), null, 1));
    console.log(`wrote ${fixtureSiteFile(version)}`);
  }
}
