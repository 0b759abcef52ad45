import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';

/** Content contract, "Booking hand-off URL": the placeholders the booking widget fills in. */
export const ENGINE_PLACEHOLDERS = [
  'resort', 'airport', 'checkin', 'checkout', 'rooms', 'adults', 'children', 'ages', 'promo', 'lang', 'mode',
] as const;

const KNOWN: ReadonlySet<string> = new Set(ENGINE_PLACEHOLDERS);

/** Warns about `{name}`s the widget will not fill (they are left out of the URL at run time). */
export function checkEngineUrl(url: string, ctx: Context, field: string): void {
  const unknown = [...url.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).filter((name) => !KNOWN.has(name));
  if (unknown.length > 0) report(ctx, field, ISSUES.unknownPlaceholder([...new Set(unknown)], ENGINE_PLACEHOLDERS));
}
