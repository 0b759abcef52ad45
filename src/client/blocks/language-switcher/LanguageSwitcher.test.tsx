import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { block } from '../../../../test/support/blocks.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';

const switcher = block('blocks.language-switcher', {});
const page = { path: '/es/habitaciones', alternates: { en: '/rooms', es: '/es/habitaciones' } };

afterEach(() => {
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
  document.body.innerHTML = '';
});

describe('blocks.language-switcher', () => {
  it('links to the translation of the page and marks the current language', () => {
    const html = renderStatic(<LanguageSwitcher block={switcher} index={0} />, { locale: 'es', page });
    expect(html).toContain('href="/rooms"');
    expect(html).toContain('hrefLang="en-US"');
    expect(html).toMatch(/aria-current="true" lang="es-MX"/);
  });

  it('falls back to the other home page when the page has no translation', () => {
    const html = renderStatic(<LanguageSwitcher block={switcher} index={0} />, { locale: 'en', page: { path: '/only', alternates: { en: '/only' } } });
    expect(html).toContain('href="/es"');
  });

  it('rule 10: writes the locale cookie before it navigates', async () => {
    const root = await mount(<LanguageSwitcher block={switcher} index={0} />, { locale: 'es', page, url: '/es/habitaciones' });
    const link = root.querySelector<HTMLAnchorElement>('a[hreflang="en-US"]')!;
    await act(async () => link.click());
    expect(document.cookie).toContain('i18n_redirected=en');
  });
});
