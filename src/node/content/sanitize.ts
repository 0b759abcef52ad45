import sanitizeHtml from 'sanitize-html';

/**
 * The one HTML policy of the site (content contract, "Rich text"): formatting
 * tags only, no script/style/iframe/object, no event handlers, no `style`, and
 * URLs limited to http, https, mailto, tel or relative (rule 23: `javascript:`,
 * `data:`, `vbscript:`, `blob:` never reach the page). `<h1>` is demoted to
 * `<h2>` because the page title is the page's only h1.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'br',
    'hr',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h2',
    img: (tagName, attribs) => ({ tagName, attribs: withoutHostileUrl(attribs, 'src') }),
    a: (tagName, attribs) => {
      const { target, ...rest } = withoutHostileUrl(attribs, 'href');
      // Reverse tabnabbing: a new tab must not get `window.opener`.
      if (target === '_blank') return { tagName, attribs: { ...rest, target, rel: 'noopener noreferrer' } };
      return { tagName, attribs: rest };
    },
  },
};

/**
 * A backslash, a control character or a leading `//` in a URL makes
 * browsers read `/\\evil.example` as `//evil.example`: another site behind a
 * path that looks like the site's own. Such an attribute
 * is removed; the link keeps its text.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const HOSTILE_URL = /[\\\u0000-\u001f\u007f]|^\s*\/\//;

function withoutHostileUrl(attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Attributes {
  const url = attribs[name];
  if (url === undefined || !HOSTILE_URL.test(url)) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

/**
 * Sanitised once per distinct text: a CMS repeats texts (answers, legal
 * lines, amenity lists) across pages, and a long-running builder sees the
 * same texts in every build. The policy is a pure function of the input.
 */
const sanitised = new Map<string, string>();
const MAX_SANITISED = 50_000;

export function sanitizeRichHtml(html: string): string {
  const known = sanitised.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, POLICY).trim();
  if (sanitised.size >= MAX_SANITISED) sanitised.clear();
  sanitised.set(html, clean);
  return clean;
}

const MARKUP = /<[a-z!/?]/i;
const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

export function hasMarkup(text: string): boolean {
  return MARKUP.test(text);
}

/**
 * Plain text with any HTML tags removed (script and style with their
 * content). sanitize-html escapes the text it returns; plain text is escaped
 * again by the renderer, so the basic entities are decoded back. Repeated
 * until stable, so `&lt;script&gt;` cannot come back as a tag.
 */
export function stripMarkup(text: string): string {
  let current = text;
  for (let round = 0; round < 5 && hasMarkup(current); round++) {
    current = sanitizeHtml(current, TEXT_ONLY)
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  }
  return hasMarkup(current) ? current.replace(/</g, '') : current;
}
