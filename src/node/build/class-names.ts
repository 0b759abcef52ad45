import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Short class names in what the site publishes (docs/performance.md, "What a
 * page is made of"). The stylesheets and components name their classes in
 * BEM (`site-header__brand`, `hero--full`): readable, and 8.5 KB of class
 * attributes a page at the bench. The client and server bundles
 * (vite.config.ts) write each BEM element or modifier (a class with `__` or
 * `--`, which names nothing else in the code) as a name of one or two
 * letters, in the stylesheet, the server's HTML and the browser's JavaScript
 * alike, so hydration sees the same classes the HTML has; so is a class of
 * two words or more (`rich-text`), where the code names it as a class.
 *
 * The map is a function of the client's sources alone (`classNameMap`):
 * tests that select by class in a built site translate their selectors with
 * it (test/support/class-names.ts). Left as they are: classes of one word
 * (`hero`, `container`, `block`: the same words name other things in the
 * code, `type="button"`), `block--Hero` and every class of a
 * family whose names the code builds at run time (`hero--${height}`): a
 * mapped family would need the map in the browser.
 */

/** The client's sources, relative to the project root. */
const CLIENT_DIR = 'src/client';

/** A BEM element or modifier: letters first, with `__` or `--`. */
const BEM = /^[A-Za-z][\w-]*(?:__|--)[\w-]*$/;

/** A block's class of two words or more (`rich-text`, `visually-hidden`): renamed where the code names it as a class only (`asClass`). */
const HYPHENATED = /^[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+$/;

/** A class selector in CSS (after comments are removed): `.name`. */
const CSS_CLASS = /\.([A-Za-z][\w-]*)/g;

/** A class selector in code: `.name` not after a word (`'.cookie-notice'`, not `blocks.cookie-notice`). */
const SELECTOR_CLASS = /(?<![\w$)\]])\.([A-Za-z][\w-]*)/g;

/** A token of the code that can be a class name, with what may not stand before or after it. */
const CODE_TOKEN = /(?<![\w$-])[A-Za-z][\w-]*(?![\w-])/g;

/** The text before an interpolation or a concatenation: `hero--${`, `'hero--' +` (a BEM family when it holds `__` or `--`). */
const BUILT_PREFIX = /([A-Za-z][\w-]*)(?:\$\{|['"`]\s*\+)/g;

/**
 * Files outside the bundles that write class selectors into pages (the
 * draft preview's style): the classes they name keep their names. They are
 * bundle inputs (bundle.ts), so a change to them builds the bundles again;
 * class-names.test.ts checks no other server file names a client class.
 */
export const SERVER_SELECTORS = ['src/node/webhook/preview.ts'];

function sourceFiles(root: string, dir: string, test: (file: string) => boolean): string[] {
  if (!existsSync(path.join(root, dir))) return [];
  return (readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => test(file) && !/\.test\.tsx?$|\.fixture\.tsx?$/.test(file))
    .sort()
    .map((file) => path.join(root, dir, file));
}

/** The classes `files` (relative to `root`) name in selectors. */
export function serverSelectors(root: string, files: readonly string[]): string[] {
  return files.flatMap((file) => [...readFileSync(path.join(root, file), 'utf8').matchAll(SELECTOR_CLASS)].map((match) => match[1]!));
}

function clientFiles(root: string, test: (file: string) => boolean): string[] {
  return sourceFiles(root, CLIENT_DIR, test);
}

function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/**
 * The classes of elements a block repeats (items, slides, thumbnails, cards,
 * links, fields) and of rich text: most of a page's class attributes. They
 * take the one-letter names first, in this order; a name no stylesheet has
 * is skipped.
 */
const REPEATED = [
  'rich-text',
  'accordion__item',
  'accordion__heading',
  'accordion__trigger',
  'accordion__panel',
  'carousel__slide',
  'carousel__body',
  'carousel__slide-title',
  'carousel__text',
  'carousel__link',
  'carousel__media',
  'carousel__button',
  'gallery__thumb',
  'visually-hidden',
  'container--narrow',
  'blog-card',
  'blog-card__link',
  'blog-card__media',
  'blog-card__title',
  'blog-card__date',
  'blog-card__summary',
  'site-nav__item',
  'site-nav__link',
  'site-nav__sublink',
  'site-footer__title',
  'share__item',
  'share__icon',
  'terms-list__item',
  'terms-list__number',
  'terms-list__heading',
  'terms-list__body',
  'site-map__group',
  'pagination__link',
  'form__field',
  'form__label',
  'form__input',
  'form__choice',
  'timer__unit',
  'timer__value',
  'timer__label',
  'calendar__day',
  'combobox__option',
  'guests__room',
  'button--primary',
];

/** The short names, in order: `a`…`Z`, then `aa`, `ab`, … (letters and digits). */
function* shortNames(): Generator<string> {
  const first = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const rest = `${first}0123456789`;
  for (const a of first) yield a;
  for (const a of first) for (const b of rest) yield a + b;
  for (const a of first) for (const b of rest) for (const c of rest) yield a + b + c;
}

/**
 * Class → short name, from the client's stylesheets and code: every BEM or
 * hyphenated class a stylesheet selects, but those of a family the code
 * builds names of (`hero--${height}`: every class that starts with `hero--`)
 * and those server code names (`SERVER_SELECTORS`); the `REPEATED` first,
 * then in the order of their names. A short name is never a class the
 * stylesheets name as it is.
 */
export function classNameMap(root: string): Map<string, string> {
  const css = clientFiles(root, (file) => file.endsWith('.css')).map((file) => withoutComments(readFileSync(file, 'utf8')));
  const code = clientFiles(root, (file) => /\.tsx?$/.test(file)).map((file) => readFileSync(file, 'utf8'));
  const classes = new Set(css.flatMap((text) => [...text.matchAll(CSS_CLASS)].map((match) => match[1]!)));
  const built = code.flatMap((text) => [...text.matchAll(BUILT_PREFIX)].map((match) => match[1]!));
  // A BEM family is built from a prefix with `__` or `--` (`hero--`); a hyphenated one from any that ends a word (`icon-`).
  const family = (name: string, prefix: string) => name.startsWith(prefix) && (/__|--/.test(prefix) || (!BEM.test(name) && /[-_]$/.test(prefix)));
  const server = new Set(
    serverSelectors(
      root,
      SERVER_SELECTORS.filter((file) => existsSync(path.join(root, file))),
    ),
  );
  const mapped = [...classes].filter((name) => (BEM.test(name) || HYPHENATED.test(name)) && !server.has(name) && !built.some((prefix) => family(name, prefix))).sort();
  const names = shortNames();
  const map = new Map<string, string>();
  const order = [...REPEATED.filter((name) => mapped.includes(name)), ...mapped.filter((name) => !REPEATED.includes(name))];
  for (const name of order) {
    let short = names.next().value!;
    while (classes.has(short)) short = names.next().value!;
    map.set(name, short);
  }
  return map;
}

/** `css` with each mapped class selector renamed. */
export function renameCss(css: string, map: ReadonlyMap<string, string>): string {
  return css.replace(CSS_CLASS, (all, name: string) => {
    const short = map.get(name);
    return short === undefined ? all : `.${short}`;
  });
}

/**
 * Whether the code names `token` (at `at` in `code`) as a class: a BEM name
 * wherever it stands (it names nothing else); a hyphenated one unless it is
 * part of a path, a key or a member (`./rich-text.css`, `blocks.offer-toast`,
 * `marea:offer-toast:`, `t('cookie-notice.title')`). A selector's `.rich-text` is a class.
 */
function asClass(code: string, token: string, at: number): boolean {
  if (BEM.test(token)) return true;
  const before = code[at - 1] ?? '';
  const after = code.slice(at + token.length, at + token.length + 2);
  if (/[/:@]/.test(before) || (before === '.' && /[\w$)\]]/.test(code[at - 2] ?? ''))) return false;
  return !/^[/:]|^\.\w/.test(after);
}

/** `code` with each mapped class name renamed where it names a class (`asClass`). */
export function renameCode(code: string, map: ReadonlyMap<string, string>): string {
  return code.replace(CODE_TOKEN, (token: string, at: number) => {
    const short = map.get(token);
    return short !== undefined && asClass(code, token, at) ? short : token;
  });
}

/** The mapped names a published file still names as classes: none, when every module that names them went through the plugin. */
export function leftoverNames(text: string, map: ReadonlyMap<string, string>): string[] {
  return [...new Set([...text.matchAll(CODE_TOKEN)].filter((match) => map.has(match[0]) && asClass(text, match[0], match.index)).map((match) => match[0]))];
}

/**
 * Vite plugin (vite.config.ts, builds only): renames the mapped classes in
 * the client's stylesheets (after Vite compiled them, `@import`s inlined)
 * and modules, in the client and the server bundle alike. A published file
 * that still names a mapped class fails the build: its class would match no
 * rule, or hydration would find other classes than the HTML's.
 */
export function classNamesPlugin(root: string): Plugin {
  const dir = `${path.join(root, CLIENT_DIR)}${path.sep}`;
  let map: Map<string, string> = new Map();
  const own = (id: string) => id.startsWith(dir) && !id.includes('node_modules');
  return {
    name: 'marea-class-names',
    apply: 'build',
    buildStart() {
      map = classNameMap(root);
    },
    transform(code, id) {
      const file = id.replace(/\?.*$/, '');
      if (!own(file)) return null;
      if (file.endsWith('.css')) return { code: renameCss(code, map), map: null };
      if (/\.tsx?$/.test(file)) return { code: renameCode(code, map), map: null };
      return null;
    },
    generateBundle(_options, bundle) {
      // The browser's bundle, minified: no comment is left to name a class. The server's has the same modules.
      if (this.environment.config.consumer !== 'client') return;
      for (const file of Object.values(bundle)) {
        const text = file.type === 'chunk' ? file.code : typeof file.source === 'string' && file.fileName.endsWith('.css') ? file.source : '';
        const left = leftoverNames(text, map);
        if (left.length > 0)
          this.error(`${file.fileName} still names ${left.join(', ')}: class-names.ts renames these in every module of src/client, so something else wrote them`);
      }
    },
  };
}
