// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesFloor, leastImageMarkup, measureFloor, requiredHead, richTexts, visibleText } from './floor.js';

const PAGE = `<!doctype html>
<html lang="es-MX">
  <head>
    <title>Suite &amp; spa</title>
    <link rel="canonical" href="https://x.example/es/suite" />
    <link rel="alternate" hreflang="es-MX" href="https://x.example/es/suite" />
    <link rel="alternate" hreflang="x-default" href="https://x.example/suite" />
    <link rel="stylesheet" href="/assets/style.css">
    <template id="__MAREA_SCRIPTS__"><script type="module" src="/assets/index.js"></script></template>
  </head>
  <body>
    <div id="root"><a class="skip-link" href="#main">Skip</a><main id="main"><h1 class="hero__title">Año &lt;nuevo&gt;</h1><!--$--><p>Piña&#160;&#x1F334;</p><!--/$-->
      <picture><source type="image/avif" srcSet="/m/a.avif 640w" sizes="50vw"/><source type="image/webp" srcSet="/m/a.webp 640w" sizes="50vw"/><img class="x" src="/m/a.jpg" width="640" height="480" alt="Pool &amp; bar" loading="lazy"/></picture>
      <picture><img src="/m/b.png" width="8" height="8" alt="b"/></picture><img class="logo" src="/logo.svg" width="90" height="30" alt="" decoding="async"/></main></div>
    <link rel="preload" as="fetch" crossorigin href="/assets/messages-en.0123456789.json">
  </body>
</html>`;

describe('the least a page costs (bench:build --floor)', () => {
  it('counts the text a reader gets: no tags, comments, scripts or templates; references decoded', () => {
    expect(
      visibleText(PAGE)
        .replace(/[ \n]+/g, ' ')
        .trim(),
    ).toBe('SkipAño <nuevo>Piña\u00a0🌴');
  });

  it("rule 12's head: <html lang>, the title, the canonical and hreflang links, and nothing else of the head", () => {
    expect(requiredHead(PAGE)).toBe(
      '<html lang="es-MX"><title>Suite &amp; spa</title><link rel="canonical" href="https://x.example/es/suite" />' +
        '<link rel="alternate" hreflang="es-MX" href="https://x.example/es/suite" /><link rel="alternate" hreflang="x-default" href="https://x.example/suite" />',
    );
  });

  it("the images' least markup: a picture's first source (type, srcset) and its img's src, width, height and alt; a picture without a source, or an img alone, the img", () => {
    expect(leastImageMarkup(PAGE)).toBe(
      '<picture><source type="image/avif" srcset="/m/a.avif 640w"><img src="/m/a.jpg" width="640" height="480" alt="Pool &amp; bar"></picture>' +
        '<img src="/m/b.png" width="8" height="8" alt="b"><img src="/logo.svg" width="90" height="30" alt="">',
    );
  });

  it("adds up a page in UTF-8 bytes: its text, its <main>'s text again (the payload's), the link preloading its message file (rule 11), its head (rule 12) and its images", () => {
    const floor = bytesFloor(PAGE);
    expect(floor.text).toBe(Buffer.byteLength(visibleText(PAGE)));
    expect(floor.payloadText).toBe(Buffer.byteLength(visibleText(PAGE)) - Buffer.byteLength('Skip') - Buffer.byteLength('\n    \n    \n  '));
    expect(floor.messages).toBe(Buffer.byteLength('<link rel="preload" as="fetch" crossorigin href="/assets/messages-en.0123456789.json">'));
    expect(floor.head).toBe(Buffer.byteLength(requiredHead(PAGE)));
    expect(floor.images).toBe(Buffer.byteLength(leastImageMarkup(PAGE)));
  });

  it("finds a payload's rich text (every string with markup) however deep, and only that", () => {
    const page = { title: 'Tom & Jerry < 3', blocks: [{ $b: ['blocks.wysiwyg', { body: '<p>Hi</p>' }] }, { items: [{ body: '<ul><li>x</li></ul>', n: 3 }] }] };
    expect(richTexts(page)).toEqual(['<p>Hi</p>', '<ul><li>x</li></ul>']);
  });

  describe('on a built site', () => {
    let dir = '';
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('renders each timed page once with its path and payload, after the warm-up, and averages the bytes over every page', async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'marea-floor-'));
      const paths = ['/', '/a', '/es/b', '/c'];
      const payloadBytes: number[] = [];
      for (const p of paths) {
        const payload = JSON.stringify({ kind: 'page', locale: p.startsWith('/es') ? 'es' : 'en', path: p, page: { blocks: [{ body: `<p>${p}</p>` }] } });
        const folder = path.join(dir, p === '/' ? '' : p.slice(1));
        await mkdir(folder, { recursive: true });
        await writeFile(path.join(folder, '_payload.json'), payload);
        await writeFile(path.join(dir, p === '/' ? 'index.html' : `${p.slice(1)}.html`), `<html lang="en"><body><main><p>${p}</p></main></body></html>`);
        payloadBytes.push(Buffer.byteLength(payload));
      }
      const rendered: [string, string | undefined][] = [];
      const floor = await measureFloor(
        dir,
        async (url, payload) => {
          rendered.push([url, payload.kind === 'page' ? payload.path : undefined]);
          return '';
        },
        { warmUp: 1, timed: 2 },
      );
      // Sorted by file: `_payload.json` (/), `a/`, `c/`, `es/b/`; the first warms up, the next two are timed.
      expect(rendered).toEqual([
        ['/', '/'],
        ['/a', '/a'],
        ['/c', '/c'],
      ]);
      expect(floor.pages).toBe(4);
      expect(floor.timedPages).toBe(2);
      expect(floor.bytes.payload).toBe(payloadBytes.reduce((a, b) => a + b) / 4);
      expect(floor.bytes.text).toBe(paths.reduce((n, p) => n + p.length, 0) / 4);
      expect(floor.bytes.payloadText).toBe(floor.bytes.text);
      expect(floor.bytes.total).toBe(floor.bytes.text * 2 + Buffer.byteLength('<html lang="en">'));
      expect(floor.ms.total).toBeCloseTo(floor.ms.render + floor.ms.sanitise);
    });
  });
});
