import { report, type Context } from './context.js';
import { ISSUES } from './issues.js';
import { joinPath, spellPath, type PathStep } from './values.js';

/**
 * The deepest a CMS entry may nest objects and lists: a
 * page → blocks → block → list → item → link → children, in Strapi 4's
 * `data`/`attributes` envelopes, stays far below it. Deeper is a malformed
 * or hostile response (a JSON nested 20,000 deep overflowed the stack).
 */
export const MAX_DEPTH = 64;

/**
 * Where a value nests deeper than `max` levels (`blocks[0].items[0]…`), or
 * null. Iterative, so it cannot overflow the stack itself; it stops at the
 * first place too deep, and visits each value once.
 */
export function tooDeep(value: unknown, max = MAX_DEPTH): string | null {
  const stack: { value: unknown; depth: number; at: PathStep | null }[] = [{ value, depth: 0, at: null }];
  while (stack.length > 0) {
    const { value: current, depth, at } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return `${spellPath(at) || '(top)'}…`;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], depth: depth + 1, at: { parent: at, key: i } });
    } else {
      for (const [key, item] of Object.entries(current)) if (item !== null && typeof item === 'object') stack.push({ value: item, depth: depth + 1, at: { parent: at, key } });
    }
  }
  return null;
}

/**
 * `value` when it nests no deeper than MAX_DEPTH; else null, with the issue
 * reported at `field`: what is too deep is left out before any recursive step
 * reads it.
 */
export function shallowOrNull(value: unknown, ctx: Context, field: string): unknown {
  const where = tooDeep(value);
  if (where === null) return value;
  report(ctx, field, ISSUES.contentTooDeep(MAX_DEPTH, joinPath(field, where)));
  return null;
}
