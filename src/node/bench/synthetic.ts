import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A 1×1 JPEG: the benchmark measures the generator, not image bytes. */
const PIXEL_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

function media(id: number, name: string) {
  const formats = Object.fromEntries(
    (['thumbnail', 'small', 'medium', 'large'] as const).map((f, i) => [
      f,
      { url: `/uploads/${f}_${name}.jpg`, width: [245, 500, 750, 1000][i], height: [138, 281, 422, 563][i], mime: 'image/jpeg' },
    ]),
  );
  return { id, documentId: `media${id}`, url: `/uploads/${name}.jpg`, mime: 'image/jpeg', width: 1600, height: 900, alternativeText: `Image ${name}`, formats };
}

const paragraph = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });

/** About 20 blocks of the contract, like a long resort page. */
function blocks(i: number, locale: string, hero: unknown, photo: unknown) {
  const t = (en: string, es: string) => (locale === 'en' ? en : es);
  const list: Record<string, unknown>[] = [
    {
      __component: 'blocks.hero',
      title: t(`Ocean suite ${i}`, `Suite del mar ${i}`),
      subtitle: t('Wake up to the sea', 'Despierta frente al mar'),
      media: hero,
      cta: { label: t('Book', 'Reservar'), slug: `page-${(i + 1) % 50}` },
      height: 'full',
    },
  ];
  for (let b = 0; b < 7; b++) {
    list.push({
      __component: 'blocks.wysiwyg',
      body: [
        { type: 'heading', level: 2, children: [{ type: 'text', text: t(`Section ${b}`, `Sección ${b}`) }] },
        paragraph(t('Soft sand, warm water and a quiet terrace. '.repeat(6), 'Arena suave, agua tibia y una terraza tranquila. '.repeat(6))),
        {
          type: 'list',
          format: 'unordered',
          children: [
            { type: 'list-item', children: [{ type: 'text', text: 'Spa' }] },
            { type: 'list-item', children: [{ type: 'text', text: 'Pool' }] },
          ],
        },
      ],
    });
    list.push({ __component: 'blocks.image', media: photo, caption: t(`View ${b}`, `Vista ${b}`) });
  }
  list.push(
    {
      __component: 'blocks.accordion',
      title: 'FAQ',
      items: [
        { title: 'Check-in?', body: '<p>From 3 pm.</p>' },
        { title: 'Pets?', body: '<p>Small pets welcome.</p>' },
      ],
    },
    {
      __component: 'blocks.carousel',
      title: t('Gallery', 'Galería'),
      autoplay: 0,
      slides: [
        { media: photo, title: 'One', text: 'Sunrise' },
        { media: hero, title: 'Two', text: 'Sunset' },
      ],
    },
    { __component: 'blocks.gallery', title: t('Photos', 'Fotos'), columns: 3, images: [photo, hero, photo] },
    { __component: 'blocks.share', networks: ['facebook', 'x', 'whatsapp', 'email', 'copy'] },
    { __component: 'blocks.wysiwyg', body: `<p>${t('Closing words', 'Palabras finales')} <a href="/page-${i}">link</a></p>` },
  );
  return list.map((block, n) => ({ id: n + 1, ...block }));
}

/**
 * Writes synthetic content (content-cache/ layout, Strapi 5 shape) of
 * `slugs` pages × 2 locales with about 20 blocks each, plus a layout and
 * error content, into `dir`.
 */
export async function writeSyntheticContent(dir: string, slugs: number): Promise<void> {
  await mkdir(path.join(dir, 'api'), { recursive: true });
  await mkdir(path.join(dir, 'uploads'), { recursive: true });
  for (const name of ['hero', 'photo']) {
    for (const prefix of ['', 'thumbnail_', 'small_', 'medium_', 'large_']) await writeFile(path.join(dir, 'uploads', `${prefix}${name}.jpg`), PIXEL_JPEG);
  }
  const hero = media(1, 'hero');
  const photo = media(2, 'photo');
  for (const [index, [locale, cms]] of (
    [
      ['en', 'en'],
      ['es', 'es-MX'],
    ] as const
  ).entries()) {
    const data = Array.from({ length: slugs }, (_, i) => ({
      id: i + 1 + index * slugs,
      documentId: `doc${String(i).padStart(20, '0')}`,
      locale: cms,
      slug: i === 0 ? 'home' : locale === 'en' ? `page-${i}` : `pagina-${i}`,
      title: `${locale === 'en' ? 'Page' : 'Página'} ${i}`,
      kind: i % 5 === 0 ? 'post' : 'page',
      summary: 'A synthetic page',
      date: `2026-0${(i % 9) + 1}-15`,
      seo: { metaTitle: `Page ${i} | Bench`, metaDescription: 'Synthetic', noIndex: false },
      blocks: blocks(i, locale, hero, photo),
      updatedAt: '2026-05-01T00:00:00.000Z',
      publishedAt: '2026-05-01T00:00:00.000Z',
    }));
    const meta = { pagination: { page: 1, pageSize: 100, pageCount: 1, total: data.length } };
    await writeFile(path.join(dir, 'api', `pages.${cms}.json`), JSON.stringify({ data, meta }));
    const layout = {
      header: [
        {
          id: 1,
          __component: 'blocks.header',
          logo: null,
          nav: [
            { label: 'Home', slug: 'home' },
            { label: 'One', slug: locale === 'en' ? 'page-1' : 'pagina-1', children: [{ label: 'Two', slug: locale === 'en' ? 'page-2' : 'pagina-2' }] },
          ],
          phone: '+52 998 000 0000',
        },
        { id: 2, __component: 'blocks.language-switcher' },
      ],
      footer: [
        {
          id: 3,
          __component: 'blocks.footer',
          columns: [{ title: 'Explore', links: [{ label: 'Home', slug: 'home' }] }],
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
