import { compilesAsFieldPattern as compiles } from '../../../shared/field-pattern.js';

/**
 * The CMS `pattern` of a field, made usable by both the browser and our own
 * validation. Browsers compile the HTML `pattern` attribute with the `v`
 * flag (`^(?:pattern)$`, unicodeSets), where `( ) [ { } / |` and a leading or
 * trailing `-` must be escaped inside a character class. Patterns written
 * for plain JavaScript regexps (the bundled content has `^[0-9+() -]{7,20}$`)
 * are invalid there: Chromium then ignores the attribute and logs an error.
 * So a pattern that is valid without `v` is rewritten with those escapes
 * (which the non-`v` syntax accepts too); one that stays invalid is dropped.
 */
const CLASS_SYNTAX = '()[{}/|';

/** Escapes the characters `v` mode reserves inside character classes. */
function escapeClasses(pattern: string): string {
  let out = '';
  let inClass = false;
  let classStart = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += c + (pattern[i + 1] ?? '');
      i++;
    } else if (!inClass) {
      out += c;
      if (c === '[') {
        inClass = true;
        if (pattern[i + 1] === '^') out += pattern[++i];
        classStart = i + 1;
      }
    } else if (c === ']') {
      inClass = false;
      out += c;
    } else if (c === '-' && (i === classStart || pattern[i + 1] === ']')) {
      out += '\\-';
    } else {
      out += CLASS_SYNTAX.includes(c) ? `\\${c}` : c;
    }
  }
  return out;
}

/** The pattern as the `pattern` attribute needs it, or null when there is none or it cannot be compiled. */
export function htmlPattern(pattern: string | null): string | null {
  if (!pattern) return null;
  if (compiles(pattern, 'v')) return pattern;
  if (!compiles(pattern, 'u') && !compiles(pattern, '')) return null;
  const escaped = escapeClasses(pattern);
  return compiles(escaped, 'v') ? escaped : null;
}

/** Whether `value` matches the attribute pattern the way the browser checks it (whole value, `v` flag). */
export function matchesPattern(value: string, pattern: string): boolean {
  return new RegExp(`^(?:${pattern})$`, 'v').test(value);
}
