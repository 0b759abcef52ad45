import type { Resort } from '../../../shared/booking.js';
import type { OptionGroup } from './ChoiceField.js';
import type { Option } from './fields.js';

/**
 * A `destination` field's choices: the site's resorts (build-time page data,
 * from the booking blocks), grouped by destination in first-seen order, each
 * submitted by its code. When the field lists options (names or codes) only
 * those resorts are offered. Null when the build gave no resorts: the field's
 * own options are then offered as a plain list.
 */
export function destinationGroups(resorts: readonly Resort[], options: readonly Option[]): OptionGroup[] | null {
  if (resorts.length === 0) return null;
  const wanted = new Set(options.flatMap((o) => [o.value, o.label]));
  const chosen = resorts.filter((r) => wanted.has(r.code) || wanted.has(r.name));
  const groups = new Map<string, Option[]>();
  for (const resort of chosen.length > 0 ? chosen : resorts) {
    const group = groups.get(resort.destination) ?? [];
    if (group.length === 0) groups.set(resort.destination, group);
    if (!group.some((o) => o.value === resort.code)) group.push({ value: resort.code, label: resort.name });
  }
  return [...groups].map(([label, options]) => ({ label, options }));
}
