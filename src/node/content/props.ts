import { checkEngineUrl } from './booking.js';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';
import { toCountries } from './countries.js';
import { plainText } from './fields.js';
import { isLinkLike, modalName, toLink } from './links.js';
import { MEDIA_FIELDS, mediaField } from './media.js';
import { normalisePromoCodes } from './promo-codes.js';
import { RICH_TEXT_FIELDS, richTextToHtml } from './richtext.js';
import { isUrlField, looksLikeUrl, rejectUnsafeUrl } from './urls.js';
import { compareStrings, isRecord, joinPath, type JsonRecord } from './values.js';

/** A value dropped by rule 23: null as a field, removed from a list. */
const DROP = Symbol('dropped');

/** Spec §3: stripped before props reach the block (`countries` goes to Block.countries). */
const BLOCK_STRIPPED: ReadonlySet<string> = new Set(['id', '__component', 'country', 'color_offer_close', 'countries']);

/** Bookkeeping of repeatable components and populated relations (differs between Strapi 4 and 5); country targeting is read apart. */
const NESTED_STRIPPED: ReadonlySet<string> = new Set([...BLOCK_STRIPPED, 'documentId', 'createdAt', 'updatedAt', 'publishedAt']);

/**
 * A block's CMS fields → props: media → Media, links → Link, rich text →
 * sanitised HTML, unsafe URLs dropped (rule 23), at any depth. Keys are
 * sorted so equal content gives byte-identical JSON whatever order the CMS
 * sent (rule 13).
 */
export function blockProps(raw: JsonRecord, ctx: Context, path: string): Record<string, unknown> {
  return fields(raw, BLOCK_STRIPPED, ctx, path);
}

function fields(raw: JsonRecord, stripped: ReadonlySet<string>, ctx: Context, path: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(raw).sort(compareStrings)) {
    if (stripped.has(key)) continue;
    const value = field(key, raw[key], ctx, joinPath(path, key));
    if (value !== undefined) out[key] = value === DROP ? null : value;
  }
  return out;
}

function field(key: string, value: unknown, ctx: Context, path: string): unknown {
  if (value === undefined) return undefined;
  if (MEDIA_FIELDS.has(key)) return mediaField(key, value, ctx, path);
  if (RICH_TEXT_FIELDS.has(key)) return richTextToHtml(value, ctx, path);
  if (key === 'promocodes') return normalisePromoCodes(value, ctx, path);
  if (key === 'groupsModal') return modalName(value);
  if (key === 'numbers' && ctx.component === 'blocks.phone') return geolocatedItems(value, ctx, path);
  return anyValue(key, value, ctx, path);
}

/** Spec §5: the phone block's numbers are a geolocated item list; every item gets its `countries`. */
function geolocatedItems(value: unknown, ctx: Context, path: string): unknown[] {
  if (!Array.isArray(value)) {
    report(ctx, path, ISSUES.itemsNotArray(value));
    return [];
  }
  return value
    .map((item, i) => (isRecord(item) ? nested(item, ctx, joinPath(path, i), true) : anyValue('', item, ctx, joinPath(path, i))))
    .filter((v) => v !== DROP);
}

function anyValue(key: string, value: unknown, ctx: Context, path: string): unknown {
  if (typeof value === 'string') return text(key, value, ctx, path);
  if (Array.isArray(value)) return value.map((item, i) => anyValue(key, item, ctx, joinPath(path, i))).filter((v) => v !== DROP);
  if (!isRecord(value)) return value;
  if (isLinkLike(value)) return toLink(value, ctx, path) ?? DROP;
  return nested(value, ctx, path);
}

/** A repeatable component item or related entry; country targeting, when it has one, is normalised too. */
function nested(value: JsonRecord, ctx: Context, path: string, withCountries = false): Record<string, unknown> {
  const rest = fields(value, NESTED_STRIPPED, ctx, path);
  if (!withCountries && !('countries' in value) && !('country' in value)) return rest;
  return { countries: toCountries(value, ctx, path), ...rest };
}

function text(key: string, value: string, ctx: Context, path: string): unknown {
  if ((isUrlField(key) || looksLikeUrl(value)) && rejectUnsafeUrl(value, ctx, path)) return DROP;
  if (key === 'engineUrl') checkEngineUrl(value, ctx, path);
  return plainText(value, ctx, path);
}
