import { FORM_FIELD_KINDS, SHARE_NETWORKS } from '../../shared/block-values.js';
import { LIST_ERRORS } from '../../shared/errors.js';
import type { CatalogueEntry } from '../platform/catalogue-entry.js';
import { noteRaisedWith } from './raised-with.js';
import { describe } from './values.js';

/**
 * The catalogue of content issues: one typed list from which both the build's
 * messages (`ISSUES.x(...)`) and docs/content-errors.md (`npm run docs:errors`)
 * come, so the two cannot drift. Each `code` is a permanent name (tests, CI
 * and people grep for it); the message says what was found and what was
 * expected, the hint what to change in the CMS. Where the spec gives the
 * message (§5, LIST_ERRORS) it is kept verbatim and what was found goes to
 * the hint. The place (locale, slug, block, field) is added by `report()`.
 */
export interface IssueBody {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  hint: string;
}

/**
 * `error`: the build fails and nothing is published. `warning`: printed, the
 * build goes on. `strict`: a warning, an error under `--strict` / `BUILD_STRICT=1`.
 */
export type IssueSeverity = 'error' | 'warning' | 'strict';

/** One entry of the catalogue; `A` are the values the message is formatted from where the issue is raised. */
export interface IssueDefinition<A extends unknown[] = never[]> extends CatalogueEntry<A> {
  /** Permanent name: never renamed or reused. */
  readonly code: string;
  readonly severity: IssueSeverity;
  /** For `strict` entries: whether this call is in a strict build. */
  readonly strict?: (...args: NoInfer<A>) => boolean;
  /** Which part of the content it is about (a heading of the docs). */
  readonly area: string;
}

const define = <A extends unknown[]>(definition: IssueDefinition<A>): IssueDefinition<A> => definition;

const LISTS = 'Lists that must be arrays (spec §5)';
const BLOCKS = 'Blocks';
const LINKS = 'Links and URLs (rule 23)';
const PAGES = 'Pages';
const FIELDS = 'Entries and fields';
const PROPS = 'Block props (src/shared/blocks/)';
const SINGLES = 'Single types';
const MODALS = 'Modals and promo codes';
const MEDIA = 'Media files';

export const CATALOGUE = {
  componentsNotArray: define({
    code: 'ComponentsNotArray',
    severity: 'error',
    area: LISTS,
    title: 'A block zone is not a list',
    description:
      "A dynamic zone (a page's `blocks`, the layout's `header` or `footer`) is not an array. The message is the spec's; in the browser the same case is the 503 error page (rule 21).",
    message: (_found: unknown) => LIST_ERRORS.components,
    hint: (found) => `Found ${describe(found)}. Make sure the dynamic zone exists and is populated (an empty zone arrives as []).`,
    example: [null],
  }),
  itemsNotArray: define({
    code: 'ItemsNotArray',
    severity: 'error',
    area: LISTS,
    title: 'A geolocated item list is not a list',
    description: "A list the visitor's item is chosen from by country (a modal's `dynZone`, a phone block's `numbers`) is not an array. The message is the spec's.",
    message: (_found: unknown) => LIST_ERRORS.items,
    hint: (found) => `Found ${describe(found)}. Make sure the repeatable list exists and is populated; give each item a countries list or none.`,
    example: [{ number: '+52 998 000 0000' }],
  }),
  promocodesNotArray: define({
    code: 'PromocodesNotArray',
    severity: 'error',
    area: LISTS,
    title: 'The promo codes are not a list',
    description: "The promo-code list (the `/api/promo-codes` data, or a booking block's `promocodes` relation) is not an array. The message is the spec's.",
    message: (_found: unknown) => LIST_ERRORS.promocodes,
    hint: (found) => `Found ${describe(found)}. Make sure the promo-code relation is populated (none selected arrives as []).`,
    example: [{ code: 'SUMMER26' }],
  }),
  notAList: define({
    code: 'NotAList',
    severity: 'error',
    area: LISTS,
    title: 'A collection response is not a list',
    description: 'The `data` of a collection endpoint (pages, modals) is not an array, so none of its entries can be read.',
    message: (what: string, found: unknown) => `Expected the ${what} to be an array, found ${describe(found)}`,
    hint: 'Check the CMS response for this endpoint and locale; re-run the crawl.',
    example: ['list of pages for "es"', { id: 1 }],
  }),

  schemaDrift: define({
    code: 'SchemaDrift',
    severity: 'error',
    area: BLOCKS,
    title: 'A block from the CMS does not have the fields its declaration has',
    description:
      'A block read from the CMS lacks fields its declaration (src/shared/blocks/) has and carries others it does not: the CMS schema and the declarations differ (a field renamed or replaced in the CMS). A Strapi 5 CMS sends every field of a component, so a declared field that never arrives would leave the block silently empty.',
    message: (component: string, missing: readonly string[], unknown: readonly string[]) =>
      `The CMS's ${component} has no ${missing.map((f) => `"${f}"`).join(', ')}, which the build expected, and sends ${unknown.map((f) => `"${f}"`).join(', ')}, which the build does not know`,
    hint: 'The CMS schema is generated from the block declarations: run `npm run cms:schema` and restart the CMS, or change the declaration to match the CMS.',
    example: ['blocks.hero', ['title'], ['heading']],
  }),
  unknownLinkTarget: define({
    code: 'UnknownLinkTarget',
    severity: 'warning',
    area: LINKS,
    title: 'An internal link to a page the locale does not have',
    description:
      "A link (in a block of a page, the layout or a modal, or among the error page's links) names a slug that is no page of its locale: the page was unpublished, renamed or never translated. The link is kept and leads to the 404 page.",
    message: (slug: string) => `Link to "${slug}" matches no page in this locale; it leads to the 404 page`,
    hint: 'Publish the page in this locale, or point the link at another page, or remove it.',
    example: ['contacto'],
  }),
  otherLocaleLink: define({
    code: 'OtherLocaleLink',
    severity: 'warning',
    area: LINKS,
    title: 'A rich-text link to a path of the other language',
    description:
      "A link inside rich text is a site path (`/rooms`, `/es/habitaciones`) whose language is not the page's: a Spanish page linking `/habitaciones` (the English site's path, which has no such page) instead of `/es/habitaciones`. The link is kept as written; it leads to the other language's page, or to the 404 page.",
    message: (href: string, language: string, _suggestion: string | null) => `Link to "${href}" goes to the ${language} site, not to a page in this page's language`,
    hint: (_href: string, _language: string, suggestion: string | null) =>
      suggestion
        ? `Link to "${suggestion}" instead: that is the page in this page's language.`
        : "Start the path with this language's prefix (Spanish pages: /es/…), or link a page published in this language.",
    example: ['/habitaciones', 'English', '/es/habitaciones'],
  }),
  unknownModal: define({
    code: 'UnknownModal',
    severity: 'warning',
    area: LINKS,
    title: 'A link to a modal the locale does not have',
    description:
      "A link or button (a link field, a `#modal=` link in rich text, the booking widget's groups modal) opens a modal by a name that no modal of its locale has: the modal was renamed, unpublished or never translated. The link is kept and opens nothing.",
    message: (name: string) => `Link opens the modal "${name}", which this locale does not have; it opens nothing`,
    hint: 'Publish a modal with that name in this locale, or point the link at another modal, or remove it.',
    example: ['deluxe-suite'],
  }),
  unknownComponent: define({
    code: 'UnknownComponent',
    severity: 'strict',
    strict: (_component, _zone, strict) => strict,
    area: BLOCKS,
    title: 'A block the site does not know',
    description:
      "A zone holds a `__component` that is not declared in src/shared/blocks/catalogue.ts (`blocks.*` in page and layout zones, `modals.*` in a modal's `dynZone`). It is left out of the page; a strict build fails instead.",
    message: (component: string, zone: string, strict: boolean) =>
      `Unknown component "${component}" in ${zone}: the site has no ${zone === 'dynZone' ? 'modal' : 'block'} for it${strict ? '' : ', so it was left out'}`,
    hint: 'Remove the block in the CMS, or declare the component (src/shared/blocks/catalogue.ts) and give it a component folder.',
    example: ['blocks.slider', 'blocks', false],
  }),
  invalidBlock: define({
    code: 'InvalidBlock',
    severity: 'strict',
    strict: (_found, strict) => strict,
    area: BLOCKS,
    title: 'A zone item is not a block',
    description: 'An item of a dynamic zone is not an object with a string `__component`. It is left out; a strict build fails instead.',
    message: (found: unknown, _strict: boolean) => `Expected a block with a "__component", found ${describe(found)}`,
    hint: 'Re-save the entry in the CMS; the dynamic zone item is malformed.',
    example: [{ id: 7, title: 'Welcome' }, false],
  }),

  unsafeLink: define({
    code: 'UnsafeLink',
    severity: 'warning',
    area: LINKS,
    title: 'A link with a forbidden protocol',
    description:
      'A link, media or error-page URL uses `javascript:`, `data:`, `vbscript:` or `blob:` (any case, leading spaces). It is dropped at build time, so it never reaches a page (rule 23).',
    message: (protocol: string, url: string) => `Unsafe URL with '${protocol}' protocol was dropped: ${describe(url)}`,
    hint: 'Use an http(s), mailto: or tel: URL, a site-relative path, or a page slug.',
    example: ['javascript:', 'javascript:alert(1)'],
  }),
  unsafeLinkSlug: define({
    code: 'UnsafeLinkSlug',
    severity: 'warning',
    area: LINKS,
    title: 'A link slug that is not a page slug',
    description:
      "A link's `slug` (an internal link) holds a backslash, a control or space character, starts with `//` or has a scheme (`\\evil.example`, `//evil.example`, `https:…`). Browsers read such an href as another site, so it is never made an internal link: the link is dropped.",
    message: (slug: string, problem: string) => `Link slug ${describe(slug)} ${problem}; the link was dropped`,
    hint: "Pick the page in the link's slug field (lower-case segments such as rooms/deluxe), or put an address of another site in the url field.",
    example: ['\\evil.example', 'has a backslash'],
  }),
  unsupportedUrl: define({
    code: 'UnsupportedUrl',
    severity: 'warning',
    area: LINKS,
    title: 'A link URL that is not http(s), mailto or tel',
    description:
      "A link's `url` has a scheme other than http, https, mailto or tel (`ftp:`, `file:`, `intent:`), or a backslash or control character in it. Such a link is dropped; site-relative paths (`/rooms`) stay.",
    message: (url: string, problem: string) => `Link URL ${describe(url)} ${problem}; the link was dropped`,
    hint: 'Use an http(s), mailto: or tel: URL, a site-relative path, or a page slug.',
    example: ['ftp://files.example/menu.pdf', 'has the scheme "ftp:"'],
  }),
  incompleteLink: define({
    code: 'IncompleteLink',
    severity: 'warning',
    area: LINKS,
    title: 'A link without a target',
    description: 'A link inside a block has none of `slug` (internal), `url` (external) or `modal` (opens a modal). It is left out.',
    message: (found: unknown) => `Expected a link with a slug, url or modal, found ${describe(found)}; it was left out`,
    hint: 'Fill in the link target in the CMS or remove the link.',
    example: [{ label: 'Book now' }],
  }),
  unknownPlaceholder: define({
    code: 'UnknownPlaceholder',
    severity: 'warning',
    area: LINKS,
    title: 'An unknown placeholder in the booking hand-off URL',
    description: "A booking block's `engineUrl` names a `{placeholder}` the widget does not fill. The placeholder is left out of the hand-off URL.",
    message: (names: string[], _allowed: readonly string[]) =>
      `engineUrl has unknown placeholder${names.length > 1 ? 's' : ''} ${names.map((n) => `{${n}}`).join(', ')}; they are left out of the hand-off URL`,
    hint: (_names, allowed) => `Use only ${allowed.map((n) => `{${n}}`).join(', ')}.`,
    example: [['hotel'], ['resort', 'checkin', 'checkout', 'lang']],
  }),

  invalidSlug: define({
    code: 'InvalidSlug',
    severity: 'error',
    area: PAGES,
    title: 'A page slug that cannot be a path',
    description:
      "A page's slug is missing, has characters outside lower-case `[a-z0-9-]`, empty segments or leading/trailing slashes, or is reserved (`es`, a first segment `builds`, `assets` or `404`, a trailing `page/{n}`). The page is not built.",
    message: (slug: unknown, problem: string) => `Slug ${describe(slug)} ${problem}; the page was not built`,
    hint: 'Use lower-case segments of [a-z0-9-] joined by "/", without leading or trailing "/", and avoid the reserved es, builds, assets, 404 and page/{n}.',
    example: ['Rooms/Deluxe', 'has characters outside [a-z0-9-]'],
  }),
  duplicatePath: define({
    code: 'DuplicatePath',
    severity: 'error',
    area: PAGES,
    title: 'Two pages with the same path',
    description: 'Two pages of one locale resolve to the same path. The second one read is not built.',
    // `first`: the page read first, by its title and path (never an internal id).
    message: (path: string, first: string) => `Another page (${first}) already has the path ${path}; this one was not built`,
    hint: 'Give one of the two pages a different slug in this locale.',
    example: ['/rooms', '"Rooms", /rooms'],
  }),
  unknownPageKind: define({
    code: 'UnknownPageKind',
    severity: 'warning',
    area: PAGES,
    title: 'An unknown page kind',
    description: "A page's `kind` is not one of `page`, `room`, `service`, `destination`, `post`. The page is built as a `page`, so lists selecting by kind do not show it.",
    message: (kind: unknown) => `Unknown page kind ${describe(kind)}; the page is treated as "page"`,
    hint: 'Use one of page, room, service, destination, post.',
    example: ['suite'],
  }),
  ambiguousTranslation: define({
    code: 'AmbiguousTranslation',
    severity: 'warning',
    area: PAGES,
    title: 'Two translations in one locale',
    description: 'Two pages of the same locale are linked as translations of one page (same `documentId` or `localizations`). The first is kept as the translation (rule 12).',
    message: (path: string, other: string) => `Two pages of one locale are linked as translations of the same page: ${other} and ${path}`,
    hint: 'Link each page to at most one page per locale in the CMS.',
    example: ['/es/habitaciones/suite', '/es/suites/deluxe'],
  }),

  invalidEntry: define({
    code: 'InvalidEntry',
    severity: 'error',
    area: FIELDS,
    title: 'An entry that is not an object',
    description: 'An entry of a CMS response (a page, modal, promo code, the layout or the error page) is not an object and cannot be read.',
    message: (what: string, found: unknown) => `Expected ${what} to be an object, found ${describe(found)}`,
    hint: 'Check the CMS response; the entry could not be read and was left out.',
    example: ['page 3', 'home'],
  }),
  invalidField: define({
    code: 'InvalidField',
    severity: 'warning',
    area: FIELDS,
    title: 'A field of the wrong type',
    description:
      'A field (a page title, SEO settings, error-page texts and links, …) is missing where required or holds a value of the wrong type. The message names the value used instead.',
    message: (expected: string, found: unknown, fallback: string) => `Expected ${expected}, found ${describe(found)}; using ${fallback}`,
    hint: 'Fill in the field in the CMS.',
    example: ['title to be text', null, '"rooms/deluxe"'],
  }),
  localeMismatch: define({
    code: 'LocaleMismatch',
    severity: 'warning',
    area: FIELDS,
    title: 'An entry of another locale',
    description: "An entry in the list fetched for one CMS locale carries another `locale`: the crawl's locale parameter or `CMS_LOCALES` is probably wrong.",
    message: (expected: string, found: string) => `Entry has CMS locale "${found}" in the list fetched for "${expected}"`,
    hint: 'Check CMS_LOCALES and that the crawl sends the locale parameter.',
    example: ['es-MX', 'en'],
  }),
  invalidDate: define({
    code: 'InvalidDate',
    severity: 'warning',
    area: FIELDS,
    title: 'A date that cannot be read',
    description:
      "A date (a page `date`, a promo code's or block's `startdate`/`enddate`, a timer's `enddate`) is not an ISO date. The message says what happens instead: no date, no bound (the block shows), or no timer.",
    message: (found: unknown, instead: string = 'treated as no date') => `Expected an ISO date (yyyy-MM-dd or full ISO), found ${describe(found)}; ${instead}`,
    hint: 'Pick the date again in the CMS date picker.',
    example: ['31/12/2026'],
  }),
  invalidCountry: define({
    code: 'InvalidCountry',
    severity: 'warning',
    area: FIELDS,
    title: 'A country that is not an alpha-3 code',
    description: 'A `countries`/`country` entry (geolocation, spec §5) is not an ISO 3166 alpha-3 code, or the list is not a list. The entry is left out of the list.',
    message: (found: unknown) => `Expected ISO 3166 alpha-3 country codes, found ${describe(found)}; it was left out of the list`,
    hint: 'Use three-letter codes such as MEX, USA, CAN.',
    example: ['MX'],
  }),
  contentTooDeep: define({
    code: 'ContentTooDeep',
    severity: 'error',
    area: FIELDS,
    title: 'An entry nested too deep',
    description:
      'A CMS entry (a page, the layout, the error page, the modals, the promo codes) nests objects and lists more than 64 levels deep. No content type of the site needs that; it is read as a malformed or hostile response and left out before it is read, so no part of the build recurses into it.',
    message: (max: number, where: string) => `Entry nests more than ${max} levels deep (at ${where}); it was left out`,
    hint: 'Check the CMS response for this entry (a populate loop, or a relation that contains itself).',
    example: [64, 'blocks[0].items[0].children[0]…'],
  }),
  invalidMedia: define({
    code: 'InvalidMedia',
    severity: 'warning',
    area: FIELDS,
    title: 'A media field without a file',
    description: 'A media field (`media`, `image`, `images`, `cover`, `poster`, `logo`, `metaImage`, `captions`) holds something other than a Strapi media object with a `url`.',
    message: (found: unknown) => `Expected a media file with a url, found ${describe(found)}; treated as no media`,
    hint: 'Re-select the file in the media library; check that the crawl populates this field.',
    example: [{ id: 12 }],
  }),
  invalidRichText: define({
    code: 'InvalidRichText',
    severity: 'warning',
    area: FIELDS,
    title: 'Rich text that cannot be read',
    description: 'A rich-text field (`body`, `legal`, `text`, `description`, `successMessage`) is neither an HTML/Markdown string nor Strapi blocks JSON. It renders as empty.',
    message: (found: unknown) => `Expected rich text (HTML, Markdown or Strapi blocks), found ${describe(found)}; rendered as empty`,
    hint: 'Re-enter the text in the CMS editor.',
    example: [42],
  }),
  richTextTooLarge: define({
    code: 'RichTextTooLarge',
    severity: 'error',
    area: FIELDS,
    title: 'Rich text beyond the limits the build renders',
    description:
      'A rich-text field is longer than 262,144 characters (a string, or the text of Strapi blocks, counted before rendering), Markdown with more than 5,000 emphasis marks (`*`, `_`) or quotes nested more than 32 deep, or Strapi blocks or Markdown nested so deep the renderer cannot follow. Such text is not prose an editor wrote; rendering it would take the build minutes (the Markdown parser is quadratic in emphasis marks). The field is not rendered and the page (or modal) that has it is held back: its last published version stays live and the rest of the site publishes (rule 13). In the layout or the error page, which every page carries, it stops the build.',
    message: (problem: string) => `Rich text ${problem}; it was not rendered`,
    hint: 'Check what was pasted into the field: split a very long text over several blocks, or paste it as HTML.',
    example: ['has 300000 characters (at most 262144)'],
  }),
  invalidModalLink: define({
    code: 'InvalidModalLink',
    severity: 'warning',
    area: FIELDS,
    title: 'A rich-text modal link that cannot be read',
    description: 'A link in rich text points at `#modal=…` with a name that is not valid URL encoding (a lone `%`). The link keeps its text but loses its href.',
    message: (href: string) => `Rich-text link ${describe(href)} names no readable modal; its href was removed`,
    hint: 'Re-create the link with the modal name (#modal=deluxe-suite); write a percent sign as %25.',
    example: ['#modal=%'],
  }),
  markupInPlainText: define({
    code: 'MarkupInPlainText',
    severity: 'warning',
    area: FIELDS,
    title: 'HTML in a plain-text field',
    description: 'A plain-text field (a title, a label, …) contains HTML tags. The tags are removed; only rich-text fields keep formatting.',
    message: () => 'HTML tags found in a plain-text field; they were removed',
    hint: 'Write plain text here; formatting belongs in rich-text fields (body, text, description, legal).',
    example: [],
  }),

  invalidList: define({
    code: 'InvalidList',
    severity: 'warning',
    area: PROPS,
    title: 'A block prop that should be a list',
    description: 'A block prop the block reads as a list (slides, items, fields, nav, columns, networks, …) is something else. The block renders as if the list were empty.',
    message: (prop: string, found: unknown) => `Expected ${prop} to be a list, found ${describe(found)}; it is read as an empty list`,
    hint: (prop, _found) => `Fill in ${prop} as a repeatable list in the CMS (check the component's schema and that the crawl populates it).`,
    example: ['slides', { title: 'Pool' }],
  }),
  incompleteItem: define({
    code: 'IncompleteItem',
    severity: 'warning',
    area: PROPS,
    title: 'A list item the block leaves out',
    description:
      "An item of a block's list lacks what the block needs to show it (a slide without image or title, an accordion item without title, a form field or phone entry without name or number).",
    message: (item: string, missing: string, ...found: [] | [unknown]) => `${item} has no ${missing}${found.length ? ` (found ${describe(found[0])})` : ''}; it is left out`,
    hint: (_item, missing, ..._found) => `Fill in the ${missing} in the CMS, or remove the item.`,
    example: ['Accordion item', 'title', ''],
  }),
  invalidFieldKind: define({
    code: 'InvalidFieldKind',
    severity: 'warning',
    area: PROPS,
    title: 'An unknown form field kind',
    description: "A form field's `kind` is not one of the input kinds of the content contract. The field renders as a text field.",
    message: (found: unknown) => `Unknown form field kind ${describe(found)}; it renders as a text field`,
    hint: `Use one of ${FORM_FIELD_KINDS.join(', ')}.`,
    example: ['textarea'],
  }),
  missingFormName: define({
    code: 'MissingFormName',
    severity: 'warning',
    area: PROPS,
    title: 'A form without a name',
    description: 'A form has no `name`. Its submissions are filed under "form", mixed with every other unnamed form.',
    message: (found: unknown) => `Form has no name (found ${describe(found)}); its submissions are filed under "form", with every other unnamed form`,
    hint: 'Give the form a name of its own in the CMS.',
    example: [null],
  }),
  unsafeFormPattern: define({
    code: 'UnsafeFormPattern',
    severity: 'error',
    area: PROPS,
    title: 'A form pattern that can freeze the browser, or is not a pattern',
    description:
      "A form field's `pattern` is not a valid regular expression, or it backtracks catastrophically (checked at build time with recheck: exponential, or polynomial of degree 3 or more): a visitor's tab would freeze while typing. The build fails, naming the form, the field and the page.",
    message: (form: string, field: string, pattern: string, problem: string) => `Form "${form}", field "${field}": pattern ${describe(pattern)} ${problem}`,
    hint: 'Simplify the pattern: no nested or overlapping repetition such as (a+)+ or (a|a)*; or remove it.',
    example: ['contact', 'zip', '(a+)+$', 'backtracks exponentially (attack: "aaaaaaaaaaaaaaaaaaaaaaaaaaa!")'],
  }),
  uncheckedFormPattern: define({
    code: 'UncheckedFormPattern',
    severity: 'warning',
    area: PROPS,
    title: 'A form pattern the ReDoS check could not finish',
    description:
      "The ReDoS check (recheck) could not decide within its time limit (or does not analyse the syntax) whether a form field's `pattern` backtracks catastrophically. A time limit depends on the machine, so this is a warning, not an error: the build stays the same on a slow machine. The pattern is published.",
    message: (form: string, field: string, pattern: string, reason: string) =>
      `Form "${form}", field "${field}": pattern ${describe(pattern)} could not be checked for catastrophic backtracking (${reason})`,
    hint: 'Prefer a short pattern (a character class with a length, such as [0-9]{5}); test it with a long input in the browser.',
    example: ['contact', 'zip', '(?<=x)y+', 'recheck: timeout'],
  }),
  duplicateFieldName: define({
    code: 'DuplicateFieldName',
    severity: 'warning',
    area: PROPS,
    title: 'Two form fields with one name',
    description: 'Two fields of one form share a `name`. The later field is left out.',
    message: (name: string, first: number) => `Field name "${name}" is already used by fields[${first}] of this form; this field is left out`,
    hint: 'Give every field of a form its own name.',
    example: ['email', 1],
  }),
  missingOptions: define({
    code: 'MissingOptions',
    severity: 'warning',
    area: PROPS,
    title: 'A choice field without options',
    description: 'A `select` or `radio` form field has no usable options, so the visitor has nothing to choose.',
    message: (kind: string) => `A ${kind} field has no usable options; it renders with nothing to choose`,
    hint: 'Add options (text, or label and value) to the field in the CMS, or change its kind.',
    example: ['select'],
  }),
  invalidChoice: define({
    code: 'InvalidChoice',
    severity: 'warning',
    area: PROPS,
    title: 'A prop value outside its choices',
    description: "A prop with a fixed set of values (a hero's `height`, a blog list's `kind`) holds another value. The message says what the block does instead.",
    message: (prop: string, found: unknown, allowed: readonly string[], instead: string) =>
      `Expected ${prop} to be one of ${allowed.join(', ')}, found ${describe(found)}; ${instead}`,
    hint: 'Pick one of those values in the CMS; they are case-sensitive.',
    example: ['height', 'Half', ['full', 'half'], 'the hero is full height'],
  }),
  invalidNumber: define({
    code: 'InvalidNumber',
    severity: 'warning',
    area: PROPS,
    title: 'A prop that should be a number',
    description:
      "A numeric prop (a carousel's `autoplay`, a list's `pageSize`, the booking limits, a gallery's `columns`, a toast's `delay`) is not a usable number. The message says what the block does instead.",
    message: (prop: string, expected: string, found: unknown, instead: string) => `Expected ${prop} to be ${expected}, found ${describe(found)}; ${instead}`,
    hint: (prop, expected, _found, _instead) => `Enter ${expected} in the CMS, or leave ${prop} empty for the default.`,
    example: ['autoplay', 'a number of milliseconds (0 = off)', '5s', 'autoplay is off'],
  }),
  invalidColour: define({
    code: 'InvalidColour',
    severity: 'warning',
    area: PROPS,
    title: 'An offer toast colour that cannot be used',
    description:
      "An offer toast's `background` is not an opaque `#rgb`, `#rrggbb` or `rgb()` colour. The toast keeps its default colours (a CMS colour is used only when its text meets AA contrast).",
    message: (found: unknown) => `Expected an opaque colour (#rgb, #rrggbb or rgb()), found ${describe(found)}; the toast keeps its default colours`,
    hint: 'Pick a solid colour such as #0e6f80 or rgb(14 111 128); transparent colours, names and images are not used.',
    example: ['teal'],
  }),
  unknownShareNetwork: define({
    code: 'UnknownShareNetwork',
    severity: 'warning',
    area: PROPS,
    title: 'An unknown share network',
    description: "A share block's `networks` names a network the block does not offer. That entry is left out.",
    message: (found: unknown) => `Unknown share network ${describe(found)}; it is left out`,
    hint: `Use only ${SHARE_NETWORKS.join(', ')}.`,
    example: ['pinterest'],
  }),
  noImages: define({
    code: 'NoImages',
    severity: 'warning',
    area: PROPS,
    title: 'A gallery without images',
    description: 'A gallery has no images (videos are not shown in a gallery). The block is not shown.',
    message: (videos: number) => `Gallery has no images${videos ? ` (only ${videos} video${videos > 1 ? 's' : ''}, which a gallery does not show)` : ''}; it is not shown`,
    hint: 'Add images to the gallery in the CMS, or remove the block.',
    example: [2],
  }),

  missingLayout: define({
    code: 'MissingLayout',
    severity: 'warning',
    area: SINGLES,
    title: 'No layout in a locale',
    description: "The layout single type (`/api/layout`) has no entry in a locale. That locale's pages have no header or footer.",
    message: () => 'No layout in this locale: pages have no header or footer',
    hint: 'Create and publish the Layout single type for this locale.',
    example: [],
  }),
  missingErrorPage: define({
    code: 'MissingErrorPage',
    severity: 'warning',
    area: SINGLES,
    title: 'No error page content in a locale',
    description: "The error-page single type (`/api/error-page`) has no entry in a locale. That locale's 404 page uses the default texts (rule 27).",
    message: () => 'No error page content in this locale: the 404 page uses the default texts',
    hint: 'Create and publish the Error page single type for this locale.',
    example: [],
  }),
  incompleteErrorLink: define({
    code: 'IncompleteErrorLink',
    severity: 'warning',
    area: SINGLES,
    title: 'An error-page link without slug or button text',
    description: 'A link of the error page lacks its `slug` or its `btntext`. Rule 27 shows a link only when it has both, so it is left out.',
    message: (missing: string) => `Error page link has no ${missing}; it is not shown (rule 27)`,
    hint: 'Give the link both a page (slug) and a button text, or remove it.',
    example: ['btntext'],
  }),

  missingModalName: define({
    code: 'MissingModalName',
    severity: 'error',
    area: MODALS,
    title: 'A modal without a name',
    description: 'A modal has no `modalName`, so no button or `#modal=` link can open it.',
    message: () => 'Modal has no modalName; buttons cannot open it',
    hint: 'Give the modal a unique modalName in the CMS.',
    example: [],
  }),
  duplicateModalName: define({
    code: 'DuplicateModalName',
    severity: 'error',
    area: MODALS,
    title: 'Two modals with one name',
    description: 'Two modals of one locale share a `modalName`, so a link naming it would be ambiguous.',
    message: (name: string) => `Another modal of this locale is already named "${name}"`,
    hint: 'Modal names must be unique per locale; rename one of them.',
    example: ['deluxe-suite'],
  }),
  promoCodeWithoutCode: define({
    code: 'PromoCodeWithoutCode',
    severity: 'error',
    area: MODALS,
    title: 'A promo code without a code',
    description: 'A promo-code entry has no `code`, so the booking widget could not offer it.',
    message: (found: unknown) => `Promo code has no code (found ${describe(found)})`,
    hint: 'Fill in the code or delete the promo-code entry.',
    example: [''],
  }),

  mediaMissing: define({
    code: 'MediaMissing',
    severity: 'error',
    area: MEDIA,
    title: 'A media file that cannot be read',
    description:
      "The build's media phase cannot read a file the content references (from the crawl's downloads or `content-cache/uploads/`). Raised after normalisation, about the entity `media`.",
    message: (url: string, file: string) => `Media file ${url} is referenced by the content but could not be read (${file})`,
    hint: 'Re-run the crawl (npm run content:pull) or restore the file in content-cache/uploads/.',
    example: ['/uploads/pool.jpg', 'content-cache/uploads/pool.jpg'],
  }),

  imageUndecodable: define({
    code: 'ImageUndecodable',
    severity: 'error',
    area: MEDIA,
    title: 'An image the build cannot encode',
    description:
      "The build's media phase encodes every JPEG, PNG and WebP image to AVIF and WebP at the widths the layout needs; this file, though the CMS calls it an image, cannot be decoded (truncated, corrupt, or another format under an image's name). Browsers could not show it either. Raised about the entity `media`.",
    message: (url: string, reason: string) => `Image ${url} cannot be decoded to make its AVIF and WebP versions (${reason})`,
    hint: 'Upload the image again in the CMS (re-export it from the original), then rebuild.',
    example: ['/uploads/pool.jpg', 'Input buffer has corrupt header'],
  }),

  imageTooLarge: define({
    code: 'ImageTooLarge',
    severity: 'error',
    area: MEDIA,
    title: 'An image with more pixels than the build decodes',
    description:
      "The build decodes every JPEG, PNG and WebP image to make its AVIF and WebP versions and the page's share image, and refuses one whose header declares more than 268,402,689 pixels (16,383 × 16,383, sharp's limit): decoded, a 50,000 × 50,000 PNG of a few kilobytes would need gigabytes of memory. The page using it is held back (its last published version stays live); an image every page carries (the layout, a modal) stops the build. Raised about the page, with the field when it is the page's share image (`seo.metaImage`, a hero's `media`, `cover`).",
    message: (url: string, width: number, height: number, limit: number) =>
      `Image ${url} is ${width} × ${height} pixels, more than the ${limit} pixels the build decodes; it was not published`,
    hint: 'Upload a smaller version of the image in the CMS (a share image needs 1200 pixels wide, a hero 2400), then publish again.',
    example: ['/uploads/huge.png', 50000, 50000, 268402689],
  }),

  mediaRefused: define({
    code: 'MediaRefused',
    severity: 'error',
    area: MEDIA,
    title: 'A media file that is not an image, video or captions file the site may publish',
    description:
      "The build's media phase judges every media file by its bytes, not by its name or the CMS's mime type: JPEG, PNG, WebP, AVIF, GIF, MP4 and WebM are published with the extension of what they are; an SVG is published sanitised (no script, event handlers, `foreignObject` or references outside the drawing) if a drawing is left; WebVTT captions (UTF-8 text starting `WEBVTT`, after an optional BOM, at most 1 MB, with at least one cue, that the W3C's WebVTT parser reads without an error and that is not also a JavaScript program) are published as `.vtt`, served as `text/vtt`. The file of a `captions` field must be WebVTT. Anything else (HTML, PDF, an executable, text under an image's or a captions file's name) is refused: served from the site's origin it could run script there. The build fails rather than publish a page without it. Raised about the entity `media`.",
    message: (url: string, reason: string, usedBy: string) => `Media file ${url}${usedBy ? ` (used by ${usedBy})` : ''} is refused: ${reason}`,
    hint: 'Replace the file in the CMS (Media Library) with a JPEG, PNG, WebP, AVIF, GIF, SVG, MP4 or WebM (captions: a WebVTT .vtt file), or remove it from the fields that use it, then rebuild.',
    example: [
      '/uploads/brochure.jpg',
      'its bytes are text starting "<!doctype html>…", not an allowed image or video (JPEG, PNG, WebP, AVIF, GIF, SVG, MP4, WebM) nor WebVTT captions',
      'en /rooms/deluxe',
    ],
  }),

  videoWithoutCaptions: define({
    code: 'VideoWithoutCaptions',
    severity: 'warning',
    area: MEDIA,
    title: 'A video with sound and no captions',
    description:
      "A block whose video the visitor can hear (`blocks.video`: its native controls can always turn the sound on) has no `captions` file, and the video's bytes say it has sound: an MP4 with an audio track (read with mp4box), or a file whose tracks the build cannot read (WebM, a damaged MP4), which is taken to have sound. A silent MP4 needs no captions and gets no warning, and neither does the hero's background video, which is always muted with only a pause button. Visitors who cannot hear the video miss what it says (WCAG 1.2.2). Raised after normalisation, from the video files.",
    message: (url: string, how: string) => `Video ${url} has no captions, and ${how}`,
    hint: "Upload a WebVTT captions file (.vtt) in this entry's language to the block's captions field; a video that needs no sound can be exported again without its audio track instead.",
    example: ['/uploads/chef-interview.mp4', 'it has an audio track (mp4a.40.2)'],
  }),
} as const;

type Catalogue = typeof CATALOGUE;
type Arguments<K extends keyof Catalogue> = Catalogue[K] extends IssueDefinition<infer A> ? A : never;

/** An issue of the catalogue from the values where it is raised. */
export function issueBody<A extends unknown[]>(definition: IssueDefinition<A>, ...args: A): IssueBody {
  const severity = definition.severity === 'strict' ? (definition.strict?.(...args) ? 'error' : 'warning') : definition.severity;
  const hint = typeof definition.hint === 'string' ? definition.hint : definition.hint(...args);
  const body: IssueBody = { severity, code: definition.code, message: definition.message(...args), hint };
  // Reports word the issue again in Spanish from these (issue-words.ts).
  noteRaisedWith(body, args);
  return body;
}

/** `ISSUES.unknownComponent(component, zone, strict)` → `{ severity, code, message, hint }`. */
export const ISSUES = Object.fromEntries(
  Object.entries(CATALOGUE).map(([key, definition]) => [key, (...args: unknown[]) => issueBody(definition as IssueDefinition<unknown[]>, ...args)]),
) as unknown as { readonly [K in keyof Catalogue]: (...args: Arguments<K>) => IssueBody };
