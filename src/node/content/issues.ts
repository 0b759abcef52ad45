import { FORM_FIELD_KINDS, SHARE_NETWORKS } from '../../shared/block-values.js';
import { LIST_ERRORS } from '../../shared/errors.js';
import { describe } from './values.js';

/**
 * The catalogue of content issues. Each `code` is a permanent name (tests, CI
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

const error = (code: string, message: string, hint: string): IssueBody => ({ severity: 'error', code, message, hint });
const warning = (code: string, message: string, hint: string): IssueBody => ({ severity: 'warning', code, message, hint });

export const ISSUES = {
  // Spec §5: lists that must be arrays.
  componentsNotArray: (found: unknown) =>
    error('ComponentsNotArray', LIST_ERRORS.components, `Found ${describe(found)}. Make sure the dynamic zone exists and is populated (an empty zone arrives as []).`),
  itemsNotArray: (found: unknown) =>
    error('ItemsNotArray', LIST_ERRORS.items, `Found ${describe(found)}. Make sure the repeatable list exists and is populated; give each item a countries list or none.`),
  promocodesNotArray: (found: unknown) =>
    error('PromocodesNotArray', LIST_ERRORS.promocodes, `Found ${describe(found)}. Make sure the promo-code relation is populated (none selected arrives as []).`),
  notAList: (what: string, found: unknown) =>
    error('NotAList', `Expected the ${what} to be an array, found ${describe(found)}`, 'Check the CMS response for this endpoint and locale; re-run the crawl.'),

  // Blocks.
  unknownComponent: (component: string, zone: string, strict: boolean) =>
    (strict ? error : warning)(
      'UnknownComponent',
      `Unknown component "${component}" in ${zone}: the site has no ${zone === 'dynZone' ? 'modal' : 'block'} for it${strict ? '' : ', so it was left out'}`,
      'Remove the block in the CMS, or add the component to src/shared/blocks.ts and the block registry.',
    ),
  invalidBlock: (found: unknown, strict: boolean) =>
    (strict ? error : warning)('InvalidBlock', `Expected a block with a "__component", found ${describe(found)}`, 'Re-save the entry in the CMS; the dynamic zone item is malformed.'),

  // Links and URLs (rule 23).
  unsafeLink: (protocol: string, url: string) =>
    warning(
      'UnsafeLink',
      `Unsafe URL with '${protocol}' protocol was dropped: ${describe(url)}`,
      'Use an http(s), mailto: or tel: URL, a site-relative path, or a page slug.',
    ),
  incompleteLink: (found: unknown) =>
    warning('IncompleteLink', `Expected a link with a slug, url or modal, found ${describe(found)}; it was left out`, 'Fill in the link target in the CMS or remove the link.'),
  unknownPlaceholder: (names: string[], allowed: readonly string[]) =>
    warning(
      'UnknownPlaceholder',
      `engineUrl has unknown placeholder${names.length > 1 ? 's' : ''} ${names.map((n) => `{${n}}`).join(', ')}; they are left out of the hand-off URL`,
      `Use only ${allowed.map((n) => `{${n}}`).join(', ')}.`,
    ),

  // Pages.
  invalidSlug: (slug: unknown, problem: string) =>
    error('InvalidSlug', `Slug ${describe(slug)} ${problem}; the page was not built`, 'Use lower-case segments of [a-z0-9-] joined by "/", without leading or trailing "/", and avoid the reserved es, builds, assets, 404 and page/{n}.'),
  duplicatePath: (path: string, firstId: string) =>
    error('DuplicatePath', `Another page (id ${firstId}) already has the path ${path}; this one was not built`, 'Give one of the two pages a different slug in this locale.'),
  unknownPageKind: (kind: unknown) =>
    warning('UnknownPageKind', `Unknown page kind ${describe(kind)}; the page is treated as "page"`, 'Use one of page, room, service, destination, post.'),
  ambiguousTranslation: (path: string, other: string) =>
    warning('AmbiguousTranslation', `Two pages of one locale are linked as translations of the same page: ${other} and ${path}`, 'Link each page to at most one page per locale in the CMS.'),

  // Entries and fields.
  invalidEntry: (what: string, found: unknown) =>
    error('InvalidEntry', `Expected ${what} to be an object, found ${describe(found)}`, 'Check the CMS response; the entry could not be read and was left out.'),
  invalidField: (expected: string, found: unknown, fallback: string) =>
    warning('InvalidField', `Expected ${expected}, found ${describe(found)}; using ${fallback}`, 'Fill in the field in the CMS.'),
  localeMismatch: (expected: string, found: string) =>
    warning('LocaleMismatch', `Entry has CMS locale "${found}" in the list fetched for "${expected}"`, 'Check CMS_LOCALES and that the crawl sends the locale parameter.'),
  invalidDate: (found: unknown, instead = 'treated as no date') =>
    warning('InvalidDate', `Expected an ISO date (yyyy-MM-dd or full ISO), found ${describe(found)}; ${instead}`, 'Pick the date again in the CMS date picker.'),
  invalidCountry: (found: unknown) =>
    warning('InvalidCountry', `Expected ISO 3166 alpha-3 country codes, found ${describe(found)}; it was left out of the list`, 'Use three-letter codes such as MEX, USA, CAN.'),
  invalidMedia: (found: unknown) =>
    warning('InvalidMedia', `Expected a media file with a url, found ${describe(found)}; treated as no media`, 'Re-select the file in the media library; check that the crawl populates this field.'),
  invalidRichText: (found: unknown) =>
    warning('InvalidRichText', `Expected rich text (HTML, Markdown or Strapi blocks), found ${describe(found)}; rendered as empty`, 'Re-enter the text in the CMS editor.'),
  markupInPlainText: () =>
    warning('MarkupInPlainText', 'HTML tags found in a plain-text field; they were removed', 'Write plain text here; formatting belongs in rich-text fields (body, text, description, legal).'),

  // Block props (the checks of each block's declaration, src/shared/blocks/): the block still renders, with the fallback the message names.
  invalidList: (prop: string, found: unknown) =>
    warning('InvalidList', `Expected ${prop} to be a list, found ${describe(found)}; it is read as an empty list`, `Fill in ${prop} as a repeatable list in the CMS (check the component's schema and that the crawl populates it).`),
  incompleteItem: (item: string, missing: string, ...found: [] | [unknown]) =>
    warning('IncompleteItem', `${item} has no ${missing}${found.length ? ` (found ${describe(found[0])})` : ''}; it is left out`, `Fill in the ${missing} in the CMS, or remove the item.`),
  invalidFieldKind: (found: unknown) =>
    warning('InvalidFieldKind', `Unknown form field kind ${describe(found)}; it renders as a text field`, `Use one of ${FORM_FIELD_KINDS.join(', ')}.`),
  missingFormName: (found: unknown) =>
    warning('MissingFormName', `Form has no name (found ${describe(found)}); its submissions are filed under "form", with every other unnamed form`, 'Give the form a name of its own in the CMS.'),
  duplicateFieldName: (name: string, first: number) =>
    warning('DuplicateFieldName', `Field name "${name}" is already used by fields[${first}] of this form; this field is left out`, 'Give every field of a form its own name.'),
  missingOptions: (kind: string) =>
    warning('MissingOptions', `A ${kind} field has no usable options; it renders with nothing to choose`, 'Add options (text, or label and value) to the field in the CMS, or change its kind.'),
  invalidChoice: (prop: string, found: unknown, allowed: readonly string[], instead: string) =>
    warning('InvalidChoice', `Expected ${prop} to be one of ${allowed.join(', ')}, found ${describe(found)}; ${instead}`, 'Pick one of those values in the CMS; they are case-sensitive.'),
  invalidNumber: (prop: string, expected: string, found: unknown, instead: string) =>
    warning('InvalidNumber', `Expected ${prop} to be ${expected}, found ${describe(found)}; ${instead}`, `Enter ${expected} in the CMS, or leave ${prop} empty for the default.`),
  invalidColour: (found: unknown) =>
    warning('InvalidColour', `Expected an opaque colour (#rgb, #rrggbb or rgb()), found ${describe(found)}; the toast keeps its default colours`, 'Pick a solid colour such as #0e6f80 or rgb(14 111 128); transparent colours, names and images are not used.'),
  unknownShareNetwork: (found: unknown) =>
    warning('UnknownShareNetwork', `Unknown share network ${describe(found)}; it is left out`, `Use only ${SHARE_NETWORKS.join(', ')}.`),
  noImages: (videos: number) =>
    warning('NoImages', `Gallery has no images${videos ? ` (only ${videos} video${videos > 1 ? 's' : ''}, which a gallery does not show)` : ''}; it is not shown`, 'Add images to the gallery in the CMS, or remove the block.'),

  // Single types.
  missingLayout: () =>
    warning('MissingLayout', 'No layout in this locale: pages have no header or footer', 'Create and publish the Layout single type for this locale.'),
  missingErrorPage: () =>
    warning('MissingErrorPage', 'No error page content in this locale: the 404 page uses the default texts', 'Create and publish the Error page single type for this locale.'),
  incompleteErrorLink: (missing: string) =>
    warning('IncompleteErrorLink', `Error page link has no ${missing}; it is not shown (rule 27)`, 'Give the link both a page (slug) and a button text, or remove it.'),

  // Modals and promo codes.
  missingModalName: () =>
    error('MissingModalName', 'Modal has no modalName; buttons cannot open it', 'Give the modal a unique modalName in the CMS.'),
  duplicateModalName: (name: string) =>
    error('DuplicateModalName', `Another modal of this locale is already named "${name}"`, 'Modal names must be unique per locale; rename one of them.'),
  promoCodeWithoutCode: (found: unknown) =>
    error('PromoCodeWithoutCode', `Promo code has no code (found ${describe(found)})`, 'Fill in the code or delete the promo-code entry.'),
} as const;
