import { describe, expect, it } from 'vitest';
import pages from '../../../../content-cache/api/pages.en.json';
import modals from '../../../../content-cache/api/modals.en.json';
import { controlNames, toField, toForm, toOption } from './fields.js';
import { field } from './form.fixture.js';

interface RawBlock {
  __component: string;
  fields?: unknown[];
}
const contentForms = [...pages.data.flatMap((p) => p.blocks as RawBlock[]), ...modals.data.flatMap((m) => m.dynZone as RawBlock[])].filter(
  (b) => b.__component === 'blocks.form' || b.__component === 'modals.embedded-form',
);

describe('blocks.form props', () => {
  it('reads every form of the bundled content (contact, all-blocks, groups-request) without losing a field', () => {
    expect(contentForms.length).toBeGreaterThanOrEqual(3);
    for (const raw of contentForms) {
      const spec = toForm(raw as unknown as Record<string, unknown>);
      expect(spec.fields.map((f) => f.name)).toEqual((raw.fields as { name: string }[]).map((f) => f.name));
    }
  });

  it('takes options as strings or objects, skipping null and duplicates', () => {
    expect(toOption('Spa')).toEqual({ value: 'Spa', label: 'Spa' });
    expect(toOption({ label: 'Spa', value: 'spa' })).toEqual({ value: 'spa', label: 'Spa' });
    expect(toOption({ name: 'Marea Tulum', code: 'MTUL' })).toEqual({ value: 'MTUL', label: 'Marea Tulum' });
    // A `text` key went through the rich-text normaliser: its tags are dropped.
    expect(toOption({ text: '<p>Golf</p>' })).toEqual({ value: 'Golf', label: 'Golf' });
    expect(toOption({ value: 3 })).toEqual({ value: '3', label: '3' });
    expect(toOption(null)).toBeNull();
    expect(toOption('  ')).toBeNull();
    const select = toField(field('select', 'topic', 'Topic', { options: ['A', 'A', { label: 'B' }] }))!;
    expect(select.options).toEqual([
      { value: 'A', label: 'A' },
      { value: 'B', label: 'B' },
    ]);
  });

  it('turns nulls into defaults, unknown kinds into text, and drops nameless or repeated fields', () => {
    const spec = toForm({ fields: [field('textarea', 'note', ''), field('text', '', 'No name'), field('email', 'note', 'Again')] });
    expect(spec).toMatchObject({ name: 'form', title: '', submitLabel: '', successMessage: '', action: null });
    expect(spec.fields).toEqual([{ kind: 'text', name: 'note', label: 'note', required: false, options: [], min: null, max: null, pattern: null, placeholder: '' }]);
  });

  it('keeps an action URL and the bounds as given (numbers, or ISO days for dates)', () => {
    const spec = toForm({ name: 'groups', action: ' https://forms.example/v1 ', fields: [field('date', 'arrival', 'Arrival', { min: 0, max: '2027-01-31' })] });
    expect(spec.action).toBe('https://forms.example/v1');
    expect(spec.fields[0]).toMatchObject({ min: 0, max: '2027-01-31' });
  });

  it('gives phone fields a default pattern and makes CMS patterns usable by the browser', () => {
    expect(toField(field('phone', 'phone', 'Phone'))!.pattern).toBe('[0-9+\\(\\) .\\-]{7,20}');
    expect(toField(field('phone', 'phone', 'Phone', { pattern: '^[0-9+() -]{7,20}$' }))!.pattern).toBe('^[0-9+\\(\\) \\-]{7,20}$');
    expect(toField(field('text', 'code', 'Code', { pattern: '[A-Z]{3}' }))!.pattern).toBe('[A-Z]{3}');
    expect(toField(field('text', 'code', 'Code', { pattern: '(' }))!.pattern).toBeNull();
  });

  it('country-state submits two values: <name>-country and <name>-state', () => {
    expect(controlNames(toField(field('country-state', 'where', 'Where'))!)).toEqual(['where-country', 'where-state']);
    expect(controlNames(toField(field('email', 'email', 'Email'))!)).toEqual(['email']);
  });
});
