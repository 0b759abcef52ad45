/** Small readers for untrusted JSON values (everything from the CMS is `unknown`). */
import { isRecord } from '../../shared/records.js';

export { isRecord, type JsonRecord } from '../../shared/records.js';
import type { JsonRecord } from '../../shared/records.js';

/** A non-empty trimmed string, or null. */
export function nonEmptyString(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * What was found, for messages that say "expected X, found Y".
 * Strings are quoted and cut so a long value cannot flood the report.
 */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
  if (isRecord(value)) {
    const keys = Object.keys(value).slice(0, 5);
    return keys.length ? `an object with ${keys.join(', ')}` : 'an empty object';
  }
  return `the ${typeof value} ${String(value)}`;
}

/** Field paths as people read them: `blocks[3].cta.url`. */
export function joinPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return base === '' ? key : `${base}.${key}`;
}

/**
 * Copy on write over a list: `map` applied to every item, and the same
 * array back when every item maps to itself (nothing is copied then).
 */
export function mapItems(list: unknown[], map: (item: unknown) => unknown): unknown[] {
  let out: unknown[] | null = null;
  for (let i = 0; i < list.length; i++) {
    const item = map(list[i]);
    if (out === null && item !== list[i]) out = list.slice(0, i);
    out?.push(item);
  }
  return out ?? list;
}

/** Copy on write over an object's own fields, as `mapItems` does over a list. */
export function mapFields(record: JsonRecord, map: (value: unknown) => unknown): JsonRecord {
  let out: JsonRecord | null = null;
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const field = map(record[key]);
    if (out === null && field !== record[key]) {
      out = {};
      for (let j = 0; j < i; j++) out[keys[j]!] = record[keys[j]!];
    }
    if (out !== null) out[key] = field;
  }
  return out ?? record;
}

/**
 * A path kept as a chain of keys, for walks over whole entries: spelled out
 * (`blocks[0].items[2].link`) only where something is reported, instead of
 * building a string for every value visited.
 */
export interface PathStep {
  readonly parent: PathStep | null;
  readonly key: string | number;
}

export function spellPath(step: PathStep | null, base = ''): string {
  const keys: (string | number)[] = [];
  for (let at = step; at; at = at.parent) keys.push(at.key);
  return keys.reduceRight<string>((path, key) => joinPath(path, key), base);
}

/** Plain code-point comparison: unlike localeCompare it does not depend on the machine's ICU data. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
