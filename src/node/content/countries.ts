import type { Countries } from '../../shared/model.js';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';
import { isRecord, joinPath, type JsonRecord } from './values.js';

const ALPHA3 = /^[A-Z]{3}$/;

/**
 * Country targeting of a block, modal item, phone number or promo code
 * (content contract, "Country targeting"): `countries.country` (ISO alpha-3),
 * else the legacy `country` list; null when there is none (shown everywhere).
 * Codes are upper-cased; anything that is not three letters is reported and left out.
 */
export function toCountries(holder: JsonRecord, ctx: Context, field: string): Countries {
  const fromComponent = isRecord(holder.countries) ? holder.countries.country : holder.countries;
  const raw = fromComponent ?? holder.country;
  const path = joinPath(field, fromComponent != null ? (isRecord(holder.countries) ? 'countries.country' : 'countries') : 'country');
  if (raw === null || raw === undefined) return null;
  const list = typeof raw === 'string' ? raw.split(',') : raw;
  if (!Array.isArray(list)) {
    report(ctx, path, ISSUES.invalidCountry(raw));
    return null;
  }
  const codes: string[] = [];
  for (const item of list) {
    const code = countryCode(item);
    if (code === null) report(ctx, path, ISSUES.invalidCountry(item));
    else if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** A code string, or a related country entry `{ code }` / `{ country }`. */
function countryCode(item: unknown): string | null {
  const raw = isRecord(item) ? (item.code ?? item.country) : item;
  if (typeof raw !== 'string') return null;
  const code = raw.trim().toUpperCase();
  return ALPHA3.test(code) ? code : null;
}
