/**
 * A leading number the content already carries: `1. Reservations`,
 * `2) Deposits`, `3.1 Pets`. A bare number is part of the title (`2026 rates`).
 */
const NUMBERED = /^\s*(?:(\d+(?:\.\d+)+)[.)]?|(\d+)[.)])\s+(?=\S)/;

export interface Term {
  /** Shown before the title: the content's own number when it has one, else the position. */
  number: string;
  title: string;
  /** Fragment id (`terms-deposits`), unique in the list, so a term can be linked (`/terms#terms-deposits`). */
  id: string;
}

/** URL-safe slug: accents folded (`Cancelación` → `cancelacion`), anything else a dash. */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Numbers and ids of a terms list. Ids come from the title (not the
 * position), so a link keeps working when terms are added before it; a
 * repeated title gets `-2`, `-3`; an untitled term falls back to its number.
 */
export function termsOf(titles: readonly string[]): Term[] {
  const used = new Set<string>();
  return titles.map((raw, index) => {
    const match = NUMBERED.exec(raw);
    const title = match ? raw.slice(match[0].length).trim() : raw.trim();
    const number = match ? (match[1] ?? match[2])! : String(index + 1);
    const base = `terms-${slugify(title) || number.replace(/\./g, '-')}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return { number, title, id };
  });
}
