import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { block, image } from '../../../../test/support/blocks.js';
import { Header } from './Header.js';

const header = block('blocks.header', {
  logo: { ...image, alt: 'Marea Resorts' },
  phone: '+52 (998) 123 4567',
  nav: [
    { kind: 'internal', label: 'Rooms', slug: 'rooms', children: [{ kind: 'internal', label: 'Suites', slug: 'rooms/suites' }] },
    { kind: 'external', label: 'Blog', url: 'https://blog.example' },
  ],
});

describe('blocks.header', () => {
  it('renders logo, nav with children and a tel: link, in the static HTML', () => {
    const html = renderStatic(<Header block={header} index={0} />, { locale: 'es', page: { path: '/es' } });
    expect(html).toContain('alt="Marea Resorts"');
    expect(html).toContain('href="/es/rooms"');
    expect(html).toContain('href="/es/rooms/suites"');
    expect(html).toContain('href="https://blog.example"');
    expect(html).toContain('href="tel:+529981234567"');
    expect(html).toContain('aria-label="Navegación principal"');
  });

  it('the menu button is a disclosure: aria-expanded follows the menu', async () => {
    const root = await mount(<Header block={header} index={0} />);
    const button = root.querySelector('button')!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(root.querySelector('nav')!.className).not.toContain('site-nav--open');
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(root.querySelector(`#${CSS.escape(button.getAttribute('aria-controls')!)}`)!.className).toContain('site-nav--open');
  });
});
