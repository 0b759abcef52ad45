import { describe, expect, it } from 'vitest';
import type { SiteMapGroup } from '../../../shared/page-data.js';
import { block } from '../../../../test/support/blocks.js';
import { renderStatic } from '../../../../test/support/render.js';
import { SiteMap } from './SiteMap.js';

const siteMap = block('blocks.site-map', { title: 'Site map' });
const groups: SiteMapGroup[] = [
  {
    kind: 'page',
    pages: [
      { title: 'Home', slug: 'home' },
      { title: 'Contact', slug: 'contact' },
    ],
  },
  { kind: 'room', pages: [{ title: 'Garden Villa', slug: 'rooms/garden-villa' }] },
  { kind: 'post', pages: [{ title: 'Sea turtle season', slug: 'blog/sea-turtle-season' }] },
  { kind: 'service', pages: [] },
];

describe('blocks.site-map', () => {
  it('renders the title and a section per kind with a translated heading and links', () => {
    const html = renderStatic(<SiteMap block={siteMap} index={0} />, { data: { siteMap: groups } });
    expect(html).toMatch(/<h2 id="[^"]+" class="site-map__title">Site map<\/h2>/);
    expect(html.match(/<section class="site-map__group"/g)).toHaveLength(3);
    expect(html).toMatch(/<h3 id="[^"]+" class="site-map__kind">Pages<\/h3>/);
    expect(html).toContain('>Rooms</h3>');
    expect(html).toContain('>Journal</h3>');
    expect(html).toContain('<a href="/">Home</a>');
    expect(html).toContain('<a href="/rooms/garden-villa">Garden Villa</a>');
    // Empty groups are left out.
    expect(html).not.toContain('Experiences');
  });

  it('speaks Spanish and links under /es', () => {
    const html = renderStatic(<SiteMap block={siteMap} index={0} />, { locale: 'es', page: { path: '/es/mapa' }, data: { siteMap: groups } });
    expect(html).toContain('>Páginas</h3>');
    expect(html).toContain('>Habitaciones</h3>');
    expect(html).toContain('<a href="/es">Home</a>');
    expect(html).toContain('<a href="/es/rooms/garden-villa">');
  });

  it('renders nothing without site map data', () => {
    expect(renderStatic(<SiteMap block={siteMap} index={0} />)).toBe('');
    expect(renderStatic(<SiteMap block={siteMap} index={0} />, { data: { siteMap: [] } })).toBe('');
  });

  it('is labelled without a visible title (untitled, or in a modal)', () => {
    const html = renderStatic(<SiteMap block={siteMap} index={0} inModal />, { data: { siteMap: groups } });
    expect(html).not.toContain('<h2');
    expect(html).toContain('aria-label="Site map"');
  });
});
