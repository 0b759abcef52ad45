import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../../../test/support/render.js';
import { block } from '../../../../test/support/blocks.js';
import { Footer } from './Footer.js';

describe('blocks.footer', () => {
  it('renders columns of links, social links and legal text', () => {
    const html = renderStatic(
      <Footer
        block={block('blocks.footer', {
          columns: [{ title: 'Resorts', links: [{ kind: 'internal', label: 'Tulum', slug: 'destinations/tulum' }] }],
          social: [
            { network: 'Instagram', url: 'https://instagram.com/marea' },
            { network: 'x', url: 'javascript:alert(1)' },
          ],
          legal: '<p>© 2026 Marea Resorts</p>',
        })}
        index={0}
      />,
      { locale: 'es', page: { path: '/es' } },
    );
    expect(html).toContain('<h2 class="site-footer__title">Resorts</h2>');
    expect(html).toContain('href="/es/destinations/tulum"');
    expect(html).toContain('href="https://instagram.com/marea"');
    expect(html).toContain('>Instagram<');
    expect(html).toContain('Síguenos');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('© 2026 Marea Resorts');
  });
});
