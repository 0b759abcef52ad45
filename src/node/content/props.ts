import type { Declaration, Field, Fields, Path, Warn } from '../../shared/blocks/fields.js';
import { checkEngineUrl } from './booking.js';
import { ISSUES, type IssueBody } from './issues.js';
import { report, type Context } from './context.js';
import { toCountries } from './countries.js';
import { plainText } from './fields.js';
import { checkFormPatterns } from './form-patterns.js';
import { modalName, toLink } from './links.js';
import { toMedia, toMediaList } from './media.js';
import { normalisePromoCodes } from './promo-codes.js';
import { richTextToHtml } from './richtext.js';
import { looksLikeUrl, rejectUnsafeUrl } from './urls.js';
import { compareStrings, isRecord, joinPath, type JsonRecord } from './values.js';

type Props = Record<string, unknown>;

/** How a scalar field's expected value is worded in an InvalidField warning (default: text). */
const EXPECTED: Partial<Record<Field['kind'], string>> = { boolean: 'true or false', bound: 'a number or a date' };

/** A plain decimal number, as written in a text field. */
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Kinds where '' is a value (an empty text), not a blank. */
const TEXT_KINDS: ReadonlySet<Field['kind']> = new Set(['text', 'url', 'engineUrl']);

/**
 * A block's CMS fields → its props, as its declaration (src/shared/blocks/)
 * says: media → Media, links → Link, rich text → sanitised HTML, unsafe URLs
 * dropped (rule 23), lists item by item. Only declared fields are kept
 * (`id`, `__component`, `countries` and CMS bookkeeping never reach a
 * block); a value that does not fit its field is reported and becomes null,
 * so a component can trust its typed props. Keys are sorted so equal content
 * gives byte-identical JSON whatever order the CMS sent (rule 13). Then the
 * block's own checks run on the result.
 */
export function blockProps(declaration: Declaration, raw: JsonRecord, ctx: Context, path: string): Props {
  const props = fieldsOf(declaration.fields, raw, ctx, path);
  declaration.check?.(props, warner(ctx, path));
  // Forms (blocks.form, modals.embedded-form): patterns are checked here, in Node, where recheck runs.
  if (Object.hasOwn(declaration.fields, 'fields') && Object.hasOwn(declaration.fields, 'submitLabel')) checkFormPatterns(props, ctx, path);
  return props;
}

function fieldsOf(fields: Fields, raw: JsonRecord, ctx: Context, path: string): Props {
  const out: Props = {};
  for (const key of Object.keys(raw).sort(compareStrings)) {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field === undefined || raw[key] === undefined) continue;
    const normalised = value(field, key, raw[key], ctx, joinPath(path, key));
    // Blank is absent: a CMS that sends every field (null, or [] for an empty repeatable component,
    // as Strapi does) and one that leaves blank fields out give the same props, and payloads carry content only.
    if (normalised === null || (Array.isArray(normalised) && normalised.length === 0)) continue;
    out[key] = normalised;
  }
  return out;
}

function value(field: Field, key: string, raw: unknown, ctx: Context, path: string): unknown {
  switch (field.kind) {
    case 'richText':
      return richTextToHtml(raw, ctx, path);
    case 'media':
      return Array.isArray(raw) ? (toMediaList(raw, ctx, path)[0] ?? null) : toMedia(raw, ctx, path);
    case 'captions':
      // Judged by its bytes in the media phase (a file that is not WebVTT is refused there, MediaRefused).
      return toMedia(Array.isArray(raw) ? raw[0] : raw, ctx, path, 'captions');
    case 'mediaList':
      return toMediaList(raw, ctx, path);
    case 'promoCodes':
      return normalisePromoCodes(raw, ctx, path);
    case 'modal':
      return modalName(raw);
    case 'list':
      return list(field, key, raw, ctx, path);
    default:
      if (raw === null || (raw === '' && !TEXT_KINDS.has(field.kind))) return null;
      return checked(field, key, scalar(field, raw, ctx, path), ctx, path, raw);
  }
}

/** Normalises what the field holds; anything else is returned as found, for `checked` to report. */
function scalar(field: Field, raw: unknown, ctx: Context, path: string): unknown {
  switch (field.kind) {
    case 'text':
      return typeof raw === 'string' ? text(raw, false, ctx, path) : raw;
    case 'bound':
      // A number typed into a text field of the CMS ("5") is the number, as the CMS's number fields send it.
      return typeof raw === 'string' && NUMBER.test(raw.trim()) ? Number(raw.trim()) : typeof raw === 'string' ? text(raw, false, ctx, path) : raw;
    case 'url':
    case 'engineUrl':
      if (typeof raw !== 'string') return raw;
      if (field.kind === 'engineUrl') checkEngineUrl(raw, ctx, path);
      return text(raw, true, ctx, path);
    case 'link':
      return isRecord(raw) ? toLink(raw, ctx, path) : raw;
    case 'links':
      return Array.isArray(raw) ? items(raw, ctx, path, (item, at) => toLink(item, ctx, at)) : raw;
    case 'strings':
      return Array.isArray(raw) ? entries(raw, ctx, path, (item, at) => stringEntry(item, ctx, at)) : raw;
    case 'options':
      return Array.isArray(raw) ? entries(raw, ctx, path, (item, at) => option(item, ctx, at)) : raw;
    default:
      return raw;
  }
}

/** A value that passed normalisation but not its field's type is reported and dropped (null). */
function checked(field: Field, key: string, normalised: unknown, ctx: Context, path: string, raw: unknown): unknown {
  if (normalised === null || field.schema.safeParse(normalised).success) return normalised;
  report(ctx, path, mismatch(field, key, raw, path));
  return null;
}

function mismatch(field: Field, key: string, found: unknown, path: string): IssueBody {
  switch (field.kind) {
    case 'number':
      return ISSUES.invalidNumber(key, field.expected ?? 'a number', found, field.instead ?? 'it is ignored');
    case 'choice':
      return ISSUES.invalidChoice(key, found, field.choices ?? [], field.instead ?? 'it is ignored');
    case 'date':
      return ISSUES.invalidDate(found, field.instead);
    case 'links':
    case 'strings':
    case 'options':
      return ISSUES.invalidList(key, found);
    case 'link':
      return ISSUES.incompleteLink(found);
    default:
      return ISSUES.invalidField(`${path} to be ${EXPECTED[field.kind] ?? 'text'}`, found, 'nothing');
  }
}

/** Rule 23: a string that is (or, for url fields, is used as) an unsafe URL is dropped; markup is stripped. */
function text(value: string, isUrl: boolean, ctx: Context, path: string): string | null {
  if ((isUrl || looksLikeUrl(value)) && rejectUnsafeUrl(value, ctx, path)) return null;
  return plainText(value, ctx, path);
}

/** A repeatable component. Items of a geolocated list (spec §5) always get `countries`; others when the CMS sent one. */
function list(field: Field, key: string, raw: unknown, ctx: Context, path: string): unknown {
  if (!Array.isArray(raw)) {
    if (field.geolocated) {
      report(ctx, path, ISSUES.itemsNotArray(raw));
      return [];
    }
    if (raw === null || raw === '') return null;
    report(ctx, path, ISSUES.invalidList(key, raw));
    return null;
  }
  const fields = field.item ?? {};
  return items(raw, ctx, path, (item, at) => {
    const rest = fieldsOf(fields, item, ctx, at);
    if (!field.geolocated && !('countries' in item) && !('country' in item)) return rest;
    return { countries: toCountries(item, ctx, at), ...rest };
  });
}

/** The object items of a list, each read by `read` (null: left out); anything else is reported and left out. */
function items<T>(list: unknown[], ctx: Context, path: string, read: (item: JsonRecord, at: string) => T | null): T[] {
  const out: T[] = [];
  list.forEach((item, i) => {
    const at = joinPath(path, i);
    if (!isRecord(item)) return report(ctx, at, ISSUES.invalidEntry('a list item', item));
    const value = read(item, at);
    if (value !== null) out.push(value);
  });
  return out;
}

/** The entries of a list of values, each read by `read` (null: blank or unsafe, left out; undefined: not that kind of value, reported and left out). */
function entries<T>(list: unknown[], ctx: Context, path: string, read: (item: unknown, at: string) => T | null | undefined): T[] {
  const out: T[] = [];
  list.forEach((item, i) => {
    const at = joinPath(path, i);
    const value = read(item, at);
    if (value === undefined) report(ctx, at, ISSUES.invalidField(`${at} to be text`, item, 'nothing (the entry is left out)'));
    else if (value !== null) out.push(value);
  });
  return out;
}

/** A list entry as text: a string, or a component's `label`/`text`/`title`/`name` (a CMS may model a list of strings as components). */
function stringEntry(item: unknown, ctx: Context, path: string): string | null | undefined {
  if (item === null) return null;
  if (isRecord(item)) {
    const key = ['label', 'text', 'title', 'name'].find((k) => typeof item[k] === 'string' && (item[k] as string).trim() !== '');
    return key === undefined ? undefined : text(item[key] as string, false, ctx, joinPath(path, key));
  }
  return typeof item === 'string' ? text(item, false, ctx, path) : undefined;
}

/** What `toOption` (src/shared/block-values.ts) reads of an option object, in sorted order. */
const OPTION_KEYS = ['code', 'label', 'name', 'text', 'title', 'value'] as const;

/** A form option: text or a number as is; of an object, the keys `toOption` reads, as plain text. */
function option(item: unknown, ctx: Context, path: string): string | number | Record<string, string> | null | undefined {
  if (typeof item === 'string') return text(item, false, ctx, path);
  if (typeof item === 'number') return Number.isFinite(item) ? item : undefined;
  if (item === null) return null;
  if (!isRecord(item)) return undefined;
  const out: Record<string, string> = {};
  for (const key of OPTION_KEYS) {
    const v = item[key];
    if (typeof v === 'string') out[key] = plainText(v, ctx, joinPath(path, key));
    else if (typeof v === 'number') out[key] = String(v);
  }
  // `{ label }` and `{ label, value: label }` are the label alone (toOption reads them alike): the form of a CMS
  // whose options are components equals the one of a CMS that sends strings.
  const keys = Object.keys(out);
  const labelOnly = out.label !== undefined && keys.every((key) => key === 'label' || (key === 'value' && (out.value === '' || out.value === out.label)));
  return labelOnly ? out.label! : out;
}

/** The declarations' `Warn`, worded by the catalogue (issues.ts) and placed below the block's path. */
function warner(ctx: Context, base: string): Warn {
  const at = (path: Path) => path.reduce<string>(joinPath, base);
  return {
    incompleteItem: (path, item, missing, ...found) => report(ctx, at(path), ISSUES.incompleteItem(item, missing, ...found)),
    duplicateFieldName: (path, ...args) => report(ctx, at(path), ISSUES.duplicateFieldName(...args)),
    invalidFieldKind: (path, ...args) => report(ctx, at(path), ISSUES.invalidFieldKind(...args)),
    missingOptions: (path, ...args) => report(ctx, at(path), ISSUES.missingOptions(...args)),
    missingFormName: (path, ...args) => report(ctx, at(path), ISSUES.missingFormName(...args)),
    invalidColour: (path, ...args) => report(ctx, at(path), ISSUES.invalidColour(...args)),
    unknownShareNetwork: (path, ...args) => report(ctx, at(path), ISSUES.unknownShareNetwork(...args)),
    noImages: (path, ...args) => report(ctx, at(path), ISSUES.noImages(...args)),
    invalidDate: (path, found, instead) => report(ctx, at(path), ISSUES.invalidDate(found, instead)),
  };
}
