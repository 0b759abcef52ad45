import type { Modal } from '../../shared/model.js';
import { ISSUES } from './issues.js';
import { report, within, type Context } from './context.js';
import { normaliseZone } from './blocks.js';
import { isRecord, joinPath, nonEmptyString } from './values.js';

/**
 * The modals of one locale. A modal's `dynZone` is a geolocated item list
 * (spec §5: not an array → `Items must be an Array and contain
 * Country/Countries property`). Buttons open modals by name, so a name must
 * exist and be unique in its locale. Issues name the modal as their slug.
 */
export function normaliseModals(value: unknown, ctx: Context): Modal[] {
  if (!Array.isArray(value)) {
    report(ctx, 'data', ISSUES.notAList(`list of modals for "${ctx.locale}"`, value));
    return [];
  }
  const names = new Set<string>();
  const modals: Modal[] = [];
  value.forEach((entry, index) => {
    if (!isRecord(entry)) {
      report(ctx, joinPath('data', index), ISSUES.invalidEntry(`modal ${index}`, entry));
      return;
    }
    const name = nonEmptyString(entry.modalName);
    const at = within(ctx, { slug: name ?? undefined });
    if (name === null) report(at, joinPath(joinPath('data', index), 'modalName'), ISSUES.missingModalName());
    const items = normaliseZone(entry.dynZone, at, 'dynZone', ISSUES.itemsNotArray);
    if (name === null) return;
    if (names.has(name)) {
      report(at, 'modalName', ISSUES.duplicateModalName(name));
      return;
    }
    names.add(name);
    modals.push({ id: typeof entry.id === 'number' ? entry.id : index, name, items });
  });
  return modals;
}
