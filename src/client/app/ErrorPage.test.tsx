import { beforeAll, describe, expect, it } from 'vitest';
import { loadBlocks } from '../blocks/registry.js';
import { renderStatic } from '../../../test/support/render.js';
import { block, image } from '../../../test/support/blocks.js';
import { ErrorPage } from './ErrorPage.js';

beforeAll(() => loadBlocks(['blocks.header', 'blocks.footer']));

const layout = { header: [block('blocks.header', { nav: [] })], footer: [block('blocks.footer', { columns: [] })] };
const error = {
  media: image,
  text404: 'Lost at sea',
  description404: 'This page sailed away.',
  links: [
    { slug: 'rooms', btntext: 'See rooms' },
    { slug: '', btntext: 'No slug' },
  ],
};

describe('rule 27: the error page', () => {
  it('shows header and footer only for 400 ≤ status ≤ 500', () => {
    for (const [status, chrome] of [
      [399, false],
      [400, true],
      [404, true],
      [500, true],
      [503, false],
    ] as const) {
      const html = renderStatic(<ErrorPage locale="en" status={status} message="" error={null} layout={layout} />);
      expect(html.includes('site-header'), `status ${status}`).toBe(chrome);
      expect(html.includes('site-footer'), `status ${status}`).toBe(chrome);
    }
  });

  it('uses the error content: media, text404, description404 and links with both slug and btntext', () => {
    const html = renderStatic(<ErrorPage locale="es" status={404} message="Page not found: /x" error={error} layout={null} />, { locale: 'es' });
    expect(html).toContain('src="/assets/media/sea.abc.jpg"');
    expect(html).toContain('Lost at sea');
    expect(html).toContain('This page sailed away.');
    expect(html).toContain('href="/es/rooms"');
    expect(html).toContain('See rooms');
    expect(html).not.toContain('No slug');
  });

  it('falls back to the status, the message, then the translated default and the default image', () => {
    const withMessage = renderStatic(<ErrorPage locale="en" status={503} message="Components must be an Array" error={null} layout={null} />);
    expect(withMessage).toContain('>503</h1>');
    expect(withMessage).toContain('Components must be an Array');
    expect(withMessage).toContain('/images/error-500.svg');
    const es404 = renderStatic(<ErrorPage locale="es" status={404} message="" error={null} layout={null} />, { locale: 'es' });
    expect(es404).toContain('No encontramos la página que buscabas.');
    const en500 = renderStatic(<ErrorPage locale="en" status={500} message="" error={null} layout={null} />);
    expect(en500).toContain('Something went wrong on our side');
  });
});
