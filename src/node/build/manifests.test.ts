// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Page } from '../../shared/model.js';
import { manifestFiles } from './manifests.js';

const page = (updatedAt: string | null, path = '/'): Page => ({
  locale: 'en',
  documentId: 'd',
  slug: 'home',
  path,
  title: 'Home',
  kind: 'page',
  summary: '',
  cover: null,
  date: null,
  seo: { metaTitle: 'Home', metaDescription: '', metaImage: null, noIndex: false },
  blocks: [],
  updatedAt,
  alternates: { en: path },
});

const sitemap = (pages: Page[]) => manifestFiles({ id: 'b', timestamp: 't' }, pages, 'https://resort.example').find((f) => f.file === 'sitemap.xml')!.content as string;

describe('sitemap.xml', () => {
  it('lastmod is a real yyyy-mm-dd date or absent; "<!--" and other markup never reach the XML', () => {
    const xml = sitemap([page('<!--'), page('2026-02-30T00:00:00Z', '/a'), page('2026-06-01T10:00:00.000Z', '/b'), page(']]><x>', '/c'), page(null, '/d')]);
    expect(xml).not.toMatch(/<!--|]]>|<x>/);
    expect(xml.match(/<lastmod>[^<]*<\/lastmod>/g)).toEqual(['<lastmod>2026-06-01</lastmod>']);
  });

  it('escapes every URL', () => {
    const xml = sitemap([{ ...page(null, '/a'), alternates: { en: '/a?x=1&y=<2>' } }]);
    expect(xml).toContain('href="https://resort.example/a?x=1&amp;y=&lt;2&gt;"');
  });
});
