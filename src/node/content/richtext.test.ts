// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { richTextToHtml } from './richtext.js';
import { testContext } from './fixtures/raw-site.js';

const render = (value: unknown) => richTextToHtml(value, testContext(), 'body');
const text = (value: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: value, ...marks });

describe('rich text: Strapi 5 blocks JSON', () => {
  it('renders paragraphs, headings (h1 demoted), quotes, code and links', () => {
    const html = render([
      { type: 'heading', level: 1, children: [text('Title')] },
      { type: 'heading', level: 3, children: [text('Sub')] },
      { type: 'paragraph', children: [text('See '), { type: 'link', url: 'https://example.com/a?b=1&c=2', children: [text('this')] }] },
      { type: 'quote', children: [text('Quoted')] },
      { type: 'code', children: [text('const a = "<b>";')] },
    ]);
    expect(html).toBe(
      '<h2>Title</h2><h3>Sub</h3><p>See <a href="https://example.com/a?b=1&amp;c=2">this</a></p>' + '<blockquote>Quoted</blockquote><pre><code>const a = "&lt;b&gt;";</code></pre>',
    );
  });

  it('renders text marks', () => {
    const html = render([
      {
        type: 'paragraph',
        children: [
          text('b', { bold: true }),
          text('i', { italic: true }),
          text('u', { underline: true }),
          text('s', { strikethrough: true }),
          text('c', { code: true }),
          text('all', { bold: true, italic: true }),
        ],
      },
    ]);
    expect(html).toBe('<p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code><strong><em>all</em></strong></p>');
  });

  it('renders ordered, unordered and nested lists', () => {
    const html = render([
      {
        type: 'list',
        format: 'ordered',
        children: [
          { type: 'list-item', children: [text('one')] },
          { type: 'list', format: 'unordered', indentLevel: 1, children: [{ type: 'list-item', children: [text('one.a')] }] },
          { type: 'list-item', children: [text('two')] },
        ],
      },
    ]);
    expect(html).toBe('<ol><li>one<ul><li>one.a</li></ul></li><li>two</li></ol>');
  });

  it('renders images with size and alt', () => {
    const html = render([{ type: 'image', image: { url: '/uploads/a.jpg', alternativeText: 'A "pool"', width: 800, height: 600 } }]);
    expect(html).toBe('<img src="/uploads/a.jpg" alt="A &quot;pool&quot;" width="800" height="600" />');
  });

  it('reports blocks with more text than the limit before rendering them, at the field, and renders them as empty', () => {
    const ctx = testContext();
    const paragraph = (chars: number) => ({ type: 'paragraph', children: [text('x'.repeat(chars))] });
    expect(richTextToHtml([paragraph(262_144)], ctx, 'blocks[2].body')).toMatch(/^<p>x+<\/p>$/);
    expect(richTextToHtml([paragraph(100_000), paragraph(100_000), paragraph(62_145)], ctx, 'blocks[2].body')).toBe('');
    expect(ctx.issues).toMatchObject([
      {
        severity: 'error',
        code: 'RichTextTooLarge',
        field: 'blocks[2].body',
        message: 'Rich text is Strapi blocks with 262145 characters of text (at most 262144); it was not rendered',
      },
    ]);
  });

  it('escapes text and sanitises links in blocks JSON', () => {
    const html = render([
      { type: 'paragraph', children: [text('<script>alert(1)</script>'), { type: 'link', url: 'javascript:alert(1)', children: [text('x')] }] },
      {
        type: 'paragraph',
        children: [
          { type: 'link', url: ' JaVaScRiPt:alert(1)', children: [text('y')] },
          { type: 'link', url: 'data:text/html,<b>', children: [text('z')] },
        ],
      },
    ]);
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;<a>x</a></p><p><a>y</a><a>z</a></p>');
  });
});

describe('rich text: strings', () => {
  it('renders Markdown', () => {
    expect(render('## Rooms\n\nA *sea* view and **two** beds.\n\n- one\n- two')).toBe(
      '<h2>Rooms</h2>\n<p>A <em>sea</em> view and <strong>two</strong> beds.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
    );
    expect(render('[Privacy](/privacy)')).toBe('<p><a href="/privacy">Privacy</a></p>');
  });

  it('takes a string with tags as HTML', () => {
    expect(render('<p>Heated <em>pool</em></p>')).toBe('<p>Heated <em>pool</em></p>');
    expect(render('<h1>Big</h1>')).toBe('<h2>Big</h2>');
  });

  it('gives empty HTML for empty or missing text, and reports other values', () => {
    const ctx = testContext();
    expect(richTextToHtml(null, ctx, 'body')).toBe('');
    expect(richTextToHtml('  ', ctx, 'body')).toBe('');
    expect(richTextToHtml(42, ctx, 'blocks[1].body')).toBe('');
    expect(ctx.issues).toMatchObject([{ code: 'InvalidRichText', field: 'blocks[1].body' }]);
  });
});

describe('sanitiser', () => {
  const attacks: Array<[string, string]> = [
    ['<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['<img src="x.png" onerror="alert(1)">', '<img src="x.png" />'],
    ['<p style="background:url(javascript:alert(1))" onclick="x()">a</p>', '<p>a</p>'],
    ['<a href="javascript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="java&#x09;script:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="vbscript:msgbox(1)">a</a>', '<a>a</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">a</a>', '<a>a</a>'],
    ['<a href="blob:https://x/1">a</a>', '<a>a</a>'],
    ['<img src="data:image/svg+xml,<svg onload=alert(1)>">', '<img />'],
    ['<iframe src="https://evil.example"></iframe><object data="x"></object><style>p{}</style><p>ok</p>', '<p>ok</p>'],
    ['<svg><script>alert(1)</script></svg><math></math><p>t</p>', '<p>t</p>'],
  ];

  it.each(attacks)('makes %s safe', (input, expected) => {
    expect(render(input)).toBe(expected);
  });

  it('sanitises links made by Markdown', () => {
    expect(render('Hello [x](javascript:alert(1)) and [y](vbscript:msgbox)')).toBe('<p>Hello <a>x</a> and <a>y</a></p>');
  });

  it('strips dangerous HTML mixed into Markdown (a string with tags is read as HTML)', () => {
    const html = render('Hello *there* <img src=x onerror=alert(1)>\n\n<script>alert(1)</script>');
    expect(html).toBe('Hello *there* <img src="x" />');
  });

  it('keeps safe links and adds rel to target=_blank', () => {
    expect(render('<a href="https://a.example" target="_blank">a</a> <a href="mailto:x@y.z">m</a> <a href="tel:+52">t</a> <a href="/rooms#pool" target="_top">r</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a> <a href="mailto:x@y.z">m</a> <a href="tel:+52">t</a> <a href="/rooms#pool">r</a>',
    );
  });
});
