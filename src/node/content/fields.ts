import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';
import { hasMarkup, stripMarkup } from './sanitize.js';

/**
 * A plain-text field. Renderers escape plain text, but no markup is passed
 * on (nothing dangerous in any output string): tags are removed with a warning.
 */
export function plainText(value: string, ctx: Context, field: string): string {
  if (!hasMarkup(value)) return value;
  report(ctx, field, ISSUES.markupInPlainText());
  return stripMarkup(value).trim();
}

/** A string field with a fallback; a value of the wrong type is reported. */
export function textField(value: unknown, fallback: string, ctx: Context, field: string, required = false): string {
  if (typeof value === 'string' && value.trim() !== '') return plainText(value.trim(), ctx, field);
  if ((value !== undefined && value !== null && typeof value !== 'string') || required) {
    report(ctx, field, ISSUES.invalidField(`${field} to be text`, value, fallback === '' ? 'an empty text' : JSON.stringify(fallback)));
  }
  return fallback;
}

/**
 * A date bound or page date: kept as the CMS wrote it (ISO date or date-time,
 * read as UTC by src/shared/dates.ts), or null when missing or unreadable.
 */
export function dateField(value: unknown, ctx: Context, field: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && isValid(parseISO(value.trim()))) return value.trim();
  report(ctx, field, ISSUES.invalidDate(value));
  return null;
}
