import { FORM_FIELD_KINDS, isFormFieldKind, toOption } from '../block-values.js';
import { boolean, bound, declare, list, options, richText, text, url, type PropsOf, type Warn } from './fields.js';

/** The fields of `blocks.form`, shared with `modals.embedded-form`. */
export const formFields = {
  name: text({ default: 'form' }),
  title: text(),
  fields: list({
    kind: text({ default: 'text', choices: FORM_FIELD_KINDS }),
    name: text(),
    label: text(),
    required: boolean({ default: false }),
    options: options(),
    min: bound(),
    max: bound(),
    pattern: text(),
    placeholder: text(),
  }),
  submitLabel: text(),
  successMessage: richText(),
  action: url(),
};

/**
 * form/fields.ts `toForm`: the name defaults to "form"; fields without a
 * name or with a taken one are dropped; unknown kinds become text; a select
 * or radio without usable options offers nothing.
 */
export function checkForm(props: PropsOf<typeof formFields>, warn: Warn): void {
  if ((props.name ?? '').trim() === '') warn.missingFormName(['name'], props.name);
  const first = new Map<string, number>();
  props.fields?.forEach((field, index) => {
    const at = ['fields', index] as const;
    const name = (field.name ?? '').trim();
    if (name === '') return warn.incompleteItem([...at, 'name'], 'Form field', 'name', field.name);
    const taken = first.get(name);
    if (taken !== undefined) return warn.duplicateFieldName([...at, 'name'], name, taken);
    first.set(name, index);
    const kind = field.kind ?? '';
    if (kind !== '' && !isFormFieldKind(kind)) warn.invalidFieldKind([...at, 'kind'], field.kind);
    // FieldView: only these two take their choices from `options` alone (a checkbox without
    // options is a single box; a destination offers the site's resorts).
    const usable = (field.options ?? []).some((o) => toOption(o) !== null);
    if ((kind === 'select' || kind === 'radio') && !usable) warn.missingOptions([...at, 'options'], kind);
  });
}

/** How editors see a form, as a block or a modal item. */
export const formPresentation = {
  label: 'Form',
  icon: 'envelop',
  description: 'A form visitors fill in and send: fields, a send button and a thank-you message.',
  descriptionEs: 'Un formulario que los visitantes llenan y envían: campos, botón de envío y mensaje de agradecimiento.',
  labels: { name: 'Form name', submitLabel: 'Send button text', successMessage: 'Message after sending', action: 'Send to (URL)' },
} as const;

// Read across pages: the CSP's form origins (headers.ts `formActionOrigins`).
export const form = declare('blocks.form', formFields, formPresentation, { check: checkForm, readAcrossPages: true });
