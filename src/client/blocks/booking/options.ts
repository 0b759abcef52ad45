import type { Resort } from '../../../shared/booking.js';
import type { Airport } from './config.js';

/** One choice of a combobox. `group` is the resort's destination ('' = ungrouped). */
export interface Option {
  value: string;
  label: string;
  group: string;
}

export interface OptionGroup {
  group: string;
  options: Option[];
}

export const resortOptions = (resorts: readonly Resort[]): Option[] => resorts.map((r) => ({ value: r.code, label: r.name, group: r.destination }));

/** Airports read "name (CODE)": the code is added when the name does not carry it. */
export const airportOptions = (airports: readonly Airport[]): Option[] =>
  airports.map((a) => ({ value: a.code, label: a.name.includes(a.code) ? a.name : `${a.name} (${a.code})`, group: '' }));

/** Case- and accent-insensitive text for matching (`Cancún` ~ `cancun`). */
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** Options whose label, code or destination contains every typed word. */
export function filterOptions(options: readonly Option[], query: string): Option[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const haystack = fold(`${option.label} ${option.value} ${option.group}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** The option the text names exactly (its label or its code), if any: typing "DFW" selects Dallas. */
export function exactOption(options: readonly Option[], text: string): Option | undefined {
  const typed = fold(text);
  if (typed === '') return undefined;
  return options.find((option) => fold(option.label) === typed || fold(option.value) === typed);
}

/** Options grouped by `group`, groups in order of first appearance. */
export function groupOptions(options: readonly Option[]): OptionGroup[] {
  const groups = new Map<string, Option[]>();
  for (const option of options) {
    const members = groups.get(option.group) ?? [];
    members.push(option);
    groups.set(option.group, members);
  }
  return [...groups].map(([group, members]) => ({ group, options: members }));
}
