import type { Block } from '../../shared/model.js';
import { displayName, isKnownComponent } from '../../shared/blocks.js';
import { checkBlockProps } from './block-checks.js';
import { ISSUES, type IssueBody } from './issues.js';
import { report, within, type Context } from './context.js';
import { toCountries } from './countries.js';
import { blockProps } from './props.js';
import { isRecord, joinPath } from './values.js';

/**
 * A dynamic zone (page `blocks`, layout `header`/`footer`, modal `dynZone`)
 * → Block[]. A zone that is not an array is the spec's 503 error (§5) with the
 * message given by `notArray`. Unknown components are reported with their
 * position and left out (an error with `strict`); props a block cannot use
 * are warnings (block-checks.ts). `key` is the position in the CMS zone, so
 * it stays stable when a block before it is left out.
 */
export function normaliseZone(value: unknown, ctx: Context, zone: string, notArray: (found: unknown) => IssueBody): Block[] {
  if (!Array.isArray(value)) {
    report(ctx, zone, notArray(value));
    return [];
  }
  const blocks: Block[] = [];
  value.forEach((item, position) => {
    const field = joinPath(zone, position);
    const at = within(ctx, { position });
    if (!isRecord(item) || typeof item.__component !== 'string') {
      report(at, field, ISSUES.invalidBlock(item, ctx.strict));
      return;
    }
    const component = item.__component;
    const inBlock = within(at, { component });
    if (!isKnownComponent(component, zone === 'dynZone' ? 'modal' : 'block')) {
      report(inBlock, field, ISSUES.unknownComponent(component, zone, ctx.strict));
      return;
    }
    const countries = toCountries(item, inBlock, field);
    const props = blockProps(item, inBlock, field);
    checkBlockProps(component, props, inBlock, field);
    blocks.push({ component, name: displayName(component), key: String(position), countries, props });
  });
  return blocks;
}
