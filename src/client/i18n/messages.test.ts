import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';

/** Every leaf key of a messages file, dotted (`form.errors.required`). */
function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe('rule 11: the two message files', () => {
  it('have the same keys: a page carries only its own locale, so there is no fallback to hide a gap', () => {
    const base = (k: string) => k.replace(/_(one|other|many|zero)$/, '');
    expect(new Set(keys(es).map(base))).toEqual(new Set(keys(en).map(base)));
  });

  it('have no empty message', () => {
    for (const [file, messages] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const empty = keys(messages).filter((k) => k.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown>)[part], messages) === '');
      expect(empty, file).toEqual([]);
    }
  });
});
