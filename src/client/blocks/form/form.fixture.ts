import type { BlockProps } from '../../../shared/blocks/catalogue.js';
import { block } from '../../../../test/support/blocks.js';

type FormFieldProps = NonNullable<BlockProps<'blocks.form'>['fields']>[number];
type FieldExtra = Partial<FormFieldProps> & { id?: number };

/** A field as the CMS sends it (every key present, unused ones null), content-cache/api/pages.en.json style. */
export const field = (kind: string, name: string, label: string, extra: FieldExtra = {}): FormFieldProps => ({
  id: 1,
  kind,
  name,
  label,
  required: false,
  options: null,
  min: null,
  max: null,
  pattern: null,
  placeholder: null,
  ...extra,
});

/** Every input kind of the contract, with the bundled contact form's shapes (string options, null values). */
const allKinds = [
  field('text', 'fullName', 'Full name', { required: true, placeholder: 'Ana García', min: 2, max: 80 }),
  field('email', 'email', 'Email', { required: true, placeholder: 'you@example.com' }),
  field('phone', 'phone', 'Phone', { pattern: '^[0-9+() -]{7,20}$', placeholder: '+1 555 010 0000' }),
  field('country-state', 'where', 'Country and state', { required: true }),
  field('destination', 'resort', 'Resort', { required: true, options: ['Marea Tulum', 'Marea Playa del Carmen', 'Marea Punta Mita'] }),
  field('date', 'arrival', 'Arrival date', { min: '2026-07-01', max: '2026-12-31' }),
  field('number', 'guests', 'Number of guests', { required: true, min: 1, max: 12, placeholder: '2' }),
  field('select', 'topic', 'What can we help with?', { required: true, options: ['Reservations', { label: 'Spa', value: 'spa' }] }),
  field('radio', 'contactBy', 'How should we reach you?', { required: true, options: ['Email', 'Phone'] }),
  field('range', 'budget', 'Budget per night (USD)', { min: 150, max: 1500 }),
  field('checkbox', 'interests', 'Interests', { required: true, options: [{ name: 'Diving', code: 'dive' }, 'Golf'] }),
  field('checkbox', 'privacy', 'I have read the privacy notice', { required: true }),
];

export const resorts = [
  { code: 'MTUL', name: 'Marea Tulum', destination: 'Riviera Maya' },
  { code: 'MPDC', name: 'Marea Playa del Carmen', destination: 'Riviera Maya' },
  { code: 'MPMT', name: 'Marea Punta Mita', destination: 'Riviera Nayarit' },
];

export const formBlock = (props: BlockProps<'blocks.form'> = {}, component: 'blocks.form' | 'modals.embedded-form' = 'blocks.form') =>
  block(component, {
    name: 'contact',
    title: 'Send us a message',
    fields: allKinds,
    submitLabel: 'Send message',
    successMessage: 'Thank you! We will get back to you within one business day.',
    action: null,
    ...props,
  });

type Settable = HTMLInputElement | HTMLSelectElement;

/** Sets a value as typing/choosing would: through the prototype setter (React tracks the own property) and the events React listens to. */
export function setValue(element: Settable, value: string): void {
  const proto = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Leaves a control (React's onBlur listens to focusout). */
export function leave(element: Element): void {
  element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}

export const byName = <T extends Element = HTMLInputElement>(root: ParentNode, name: string) => root.querySelector<T>(`[name="${name}"]`)!;
