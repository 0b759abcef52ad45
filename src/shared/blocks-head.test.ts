// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { declarationOf } from './blocks/catalogue.js';
import { displayName } from './blocks/names.js';
import { headHtml, pageHead } from './head.js';
import { serializeForScript } from './payload.js';

describe('spec §3: display names', () => {
  it.each([
    ['blocks.blog-list', 'BlogList'],
    ['blocks.hero', 'Hero'],
    ['blocks.language-switcher', 'LanguageSwitcher'],
    ['modals.embedded-form', 'ModalEmbeddedForm'],
    ['modals.room', 'ModalRoom'],
  ])('%s → %s', (component, name) => expect(displayName(component)).toBe(name));

  it('knows the contract components only', () => {
    expect(declarationOf('blocks.site-map', 'block')?.component).toBe('blocks.site-map');
    expect(declarationOf('blocks.does-not-exist', 'block')).toBeUndefined();
  });
});

describe('rule 12: head with canonical and reciprocal hreflang', () => {
  const seo = { metaTitle: 'Suite', metaDescription: 'Sea "view"', metaImage: null, noIndex: false };
  it('lists every translation plus x-default (English)', () => {
    const head = pageHead({ locale: 'es', path: '/es/habitaciones', title: 'x', seo, alternates: { en: '/rooms', es: '/es/habitaciones' } }, 'https://marea.example', '');
    expect(head.lang).toBe('es-MX');
    expect(head.canonical).toBe('https://marea.example/es/habitaciones');
    expect(head.alternates).toEqual([
      { hreflang: 'en-US', href: 'https://marea.example/rooms' },
      { hreflang: 'es-MX', href: 'https://marea.example/es/habitaciones' },
      { hreflang: 'x-default', href: 'https://marea.example/rooms' },
    ]);
    expect(headHtml(head)).toContain('content="Sea &quot;view&quot;"');
  });

  it('x-default is the only URL of a page in one locale', () => {
    const head = pageHead({ locale: 'es', path: '/es/solo', title: 'x', seo, alternates: { es: '/es/solo' } }, 'https://marea.example', '');
    expect(head.alternates.at(-1)).toEqual({ hreflang: 'x-default', href: 'https://marea.example/es/solo' });
  });
});

describe('payload embedding', () => {
  it('cannot close the script element', () => {
    const json = serializeForScript({ html: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script');
    expect(JSON.parse(json)).toEqual({ html: '</script><script>alert(1)</script>' });
  });
});

describe('components per zone', () => {
  it('pages and layouts hold blocks.*, modals hold modals.*', () => {
    expect(declarationOf('blocks.hero', 'block')).toBeDefined();
    expect(declarationOf('modals.room', 'block')).toBeUndefined();
    expect(declarationOf('modals.room', 'modal')).toBeDefined();
    expect(declarationOf('blocks.hero', 'modal')).toBeUndefined();
  });
});
