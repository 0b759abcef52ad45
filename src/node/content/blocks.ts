import type { Block } from '../../shared/model.js';
import { declarationOf } from '../../shared/blocks/catalogue.js';
import { displayName } from '../../shared/blocks/names.js';
import { ISSUES, type IssueBody } from './issues.js';
import { report, within, type Context } from './context.js';
import { toCountries } from './countries.js';
import { blockProps } from './props.js';
import { isRecord, joinPath, type JsonRecord } from './values.js';

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
    if (ctx.fromCms) {
      const drift = fieldDrift(declaration.fields, item);
      if (drift) {
        report(inBlock, field, ISSUES.schemaDrift(component, drift.missing, drift.unknown));
        return;
      }
    }
    const countries = toCountries(item, inBlock, field);
    const props = blockProps(declaration, item, inBlock, field);
    blocks.push({ component: declaration.component, name: displayName(component), key: String(position), countries, props });
  });
  return blocks;
}

/** What a CMS adds to every component, and the legacy keys the contract strips before the props. */
const BOOKKEEPING = new Set(['id', '__component', 'documentId', 'locale', 'countries', 'country', 'color_offer_close', 'createdAt', 'updatedAt', 'publishedAt']);

/**
 * A block whose declared fields do not all arrive while others the build does
 * not know do: the signature of a field renamed in the CMS schema. Blank
 * fields are not drift (a Strapi 5 CMS sends them as null); a CMS sending
 * extra fields alone is not either (content contract: unknown props are ignored).
 */
function fieldDrift(fields: Readonly<Record<string, unknown>>, item: JsonRecord): { missing: string[]; unknown: string[] } | null {
  const unknown = Object.keys(item).filter((key) => !Object.hasOwn(fields, key) && !BOOKKEEPING.has(key));
  if (unknown.length === 0) return null;
  const missing = Object.keys(fields).filter((key) => !(key in item));
  return missing.length > 0 ? { missing, unknown: unknown.sort() } : null;
}
