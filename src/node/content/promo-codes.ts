import type { PromoCode } from '../../shared/model.js';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';
import { toCountries } from './countries.js';
import { dateField, textField } from './fields.js';
import { isRecord, joinPath, nonEmptyString } from './values.js';

/**
 * Promo codes (`/api/promo-codes` data, or a booking block's populated
 * `promocodes` relation). Spec §5: a list that is not an array is the 503
 * `promocodes must be an Array`. Codes are trimmed and upper-cased; dates
 * are kept (inactive codes stay in the payload, rule 29).
 */
export function normalisePromoCodes(value: unknown, ctx: Context, field: string): PromoCode[] {
  if (!Array.isArray(value)) {
    report(ctx, field, ISSUES.promocodesNotArray(value));
    return [];
  }
  const codes: PromoCode[] = [];
  value.forEach((item, i) => {
    const path = joinPath(field, i);
    if (!isRecord(item)) {
      report(ctx, path, ISSUES.invalidEntry('a promo code', item));
      return;
    }
    const code = nonEmptyString(item.code);
    if (code === null) {
      report(ctx, joinPath(path, 'code'), ISSUES.promoCodeWithoutCode(item.code));
      return;
    }
    codes.push({
      code: code.toUpperCase(),
      startdate: dateField(item.startdate, ctx, joinPath(path, 'startdate')),
      enddate: dateField(item.enddate, ctx, joinPath(path, 'enddate')),
      countries: toCountries(item, ctx, path),
      label: textField(item.label, '', ctx, joinPath(path, 'label')),
    });
  });
  return codes;
}
