import { ENGINE_PLACEHOLDERS, isEnginePlaceholder } from '../../shared/booking.js';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';

/** Warns about `{name}`s the widget will not fill (they are left out of the URL at run time). */
export function checkEngineUrl(url: string, ctx: Context, field: string): void {
  const unknown = [...url.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).filter((name) => !isEnginePlaceholder(name));
  if (unknown.length > 0) report(ctx, field, ISSUES.unknownPlaceholder([...new Set(unknown)], ENGINE_PLACEHOLDERS));
}
