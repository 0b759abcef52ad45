import type { Block } from '../../shared/model.js';
import { declarationOf } from '../../shared/blocks/catalogue.js';
import { displayName } from '../../shared/blocks/names.js';
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
 * are warnings (the block's declaration, src/shared/blocks/). `key` is the position in the CMS zone, so
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
    const declaration = declarationOf(component, zone === 'dynZone' ? 'modal' : 'block');
    if (!declaration) {
      report(inBlock, field, ISSUES.unknownComponent(component, zone, ctx.strict));
      return;
    }
    const countries = toCountries(item, inBlock, field);
    const props = blockProps(declaration, item, inBlock, field);
    blocks.push({ component, name: displayName(component), key: String(position), countries, props });
  });
  return blocks;
}
