import { isActive } from '../../../shared/dates.js';
import { LIST_ERRORS, StatusError } from '../../../shared/errors.js';
import { isGeolocated } from '../../../shared/geo.js';
import type { PromoCode } from '../../../shared/model.js';

/**
 * Promo code format the widget accepts: 3–20 letters (A–Z), digits or `-`,
 * starting and ending with a letter or digit, after upper-casing.
 */
const PROMO_FORMAT = /^[A-Z0-9][A-Z0-9-]{1,18}[A-Z0-9]$/;

/** What the visitor typed → the code as the engine gets it (codes are stored upper case, see normalisePromoCodes). */
export const normalisePromo = (typed: string): string => typed.trim().toUpperCase();

/** Empty is fine (no code); anything else must match `PROMO_FORMAT`. */
export const isPromoFormatValid = (typed: string): boolean => {
  const code = normalisePromo(typed);
  return code === '' || PROMO_FORMAT.test(code);
};

function isPromoCode(value: unknown): value is PromoCode {
  return !!value && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'string' && (value as PromoCode).code !== '';
}

/**
 * Spec §5 and rule 29: the first promo code geolocated to the visitor's
 * country and active now (UTC instant). The list must be an array, else
 * the spec's 503 `promocodes must be an Array` (a payload from a newer
 * build, say; the build itself refuses such content). A block without the
 * field has no codes.
 */
export function selectPromo(promocodes: unknown, country: string, now: Date): PromoCode | null {
  if (promocodes === undefined) return null;
  if (!Array.isArray(promocodes)) throw new StatusError(503, LIST_ERRORS.promocodes);
  return promocodes.filter(isPromoCode).find((promo) => isGeolocated(promo.countries, country) && isActive(promo, now)) ?? null;
}
