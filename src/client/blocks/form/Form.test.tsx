import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../../../test/support/render.js';
import { Form } from './Form.js';
import { field, formBlock, resorts } from './form.fixture.js';

/** Static HTML (as prerendered) parsed into a document fragment for queries. */
function render(props: Record<string, unknown> = {}, options: Parameters<typeof renderStatic>[1] = {}) {
  const html = renderStatic(<Form block={formBlock(props)} index={1} />, { data: { resorts }, ...options });
  const root = document.createElement('div');
  root.innerHTML = html;
  return { html, root, form: root.querySelector('form')! };
}
const control = (root: HTMLElement, name: string) => root.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const labelOf = (root: HTMLElement, name: string) => root.querySelector(`label[for="${control(root, name).id}"]`)?.textContent;

describe('blocks.form static HTML', () => {
  it('gives every field a visible label with a required marker ("*" + words for screen readers)', () => {
    const { root } = render();
    expect(labelOf(root, 'fullName')).toBe('Full name * (required)');
    expect(labelOf(root, 'email')).toBe('Email * (required)');
    expect(labelOf(root, 'phone')).toBe('Phone');
    expect(labelOf(root, 'resort')).toBe('Resort * (required)');
    expect(labelOf(root, 'arrival')).toBe('Arrival date');
    expect(labelOf(root, 'guests')).toBe('Number of guests * (required)');
    expect(labelOf(root, 'topic')).toBe('What can we help with? * (required)');
    expect(labelOf(root, 'budget')).toBe('Budget per night (USD)');
    expect(labelOf(root, 'privacy')).toBe('I have read the privacy notice * (required)');
    expect(labelOf(root, 'where-country')).toBe('Country');
    expect(labelOf(root, 'where-state')).toBe('State or region');
    const star = root.querySelector('label[for$="-fullName"] .form__required')!;
    expect(star.querySelector('[aria-hidden="true"]')!.textContent).toBe(' *');
    expect(star.querySelector('.visually-hidden')!.textContent).toBe(' (required)');
    expect(root.querySelector('.form__note')!.textContent).toBe('Fields marked * are required.');
  });

  it('puts radio groups, checkbox groups and country/state in a fieldset with a legend', () => {
    const { root } = render();
    const legend = (name: string) => control(root, name).closest('fieldset')?.querySelector('legend')?.textContent;
    expect(legend('contactBy')).toBe('How should we reach you? * (required)');
    expect(legend('interests')).toBe('Interests * (required)');
    expect(legend('where-country')).toBe('Country and state * (required)');
    const radios = [...root.querySelectorAll<HTMLInputElement>('input[name="contactBy"]')];
    expect(radios.map((r) => [r.type, r.value, r.required, r.closest('label')!.textContent])).toEqual([
      ['radio', 'Email', true, 'Email'],
      ['radio', 'Phone', true, 'Phone'],
    ]);
    const boxes = [...root.querySelectorAll<HTMLInputElement>('input[name="interests"]')];
    // No native "at least one" for checkbox groups: only our validation checks it.
    expect(boxes.map((b) => [b.type, b.value, b.required])).toEqual([
      ['checkbox', 'dive', false],
      ['checkbox', 'Golf', false],
    ]);
  });

  it('uses native input types and constraints, so the static form validates without JavaScript', () => {
    const { root, form } = render();
    expect(form.noValidate).toBe(false);
    const attrs = (name: string, ...keys: string[]) => Object.fromEntries(keys.map((k) => [k, control(root, name).getAttribute(k)]));
    expect(attrs('fullName', 'type', 'required', 'placeholder', 'minlength', 'maxlength')).toEqual({
      type: 'text',
      required: '',
      placeholder: 'Ana García',
      minlength: '2',
      maxlength: '80',
    });
    expect(attrs('email', 'type', 'required', 'autocomplete')).toEqual({ type: 'email', required: '', autocomplete: 'email' });
    expect(attrs('phone', 'type', 'pattern', 'placeholder', 'required')).toEqual({
      type: 'tel',
      pattern: '^[0-9+\\(\\) \\-]{7,20}$',
      placeholder: '+1 555 010 0000',
      required: null,
    });
    expect(attrs('guests', 'type', 'min', 'max', 'required', 'inputmode')).toEqual({ type: 'number', min: '1', max: '12', required: '', inputmode: 'numeric' });
    expect(attrs('arrival', 'type', 'min', 'max')).toEqual({ type: 'date', min: '2026-07-01', max: '2026-12-31' });
    expect(attrs('privacy', 'type', 'required', 'value')).toEqual({ type: 'checkbox', required: '', value: 'yes' });
    const topic = control(root, 'topic') as unknown as HTMLSelectElement;
    expect([...topic.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Choose…'],
      ['Reservations', 'Reservations'],
      ['spa', 'Spa'],
    ]);
    expect(topic.required).toBe(true);
  });

  it('shows the slider value in an <output> tied to it', () => {
    const { root } = render();
    const slider = control(root, 'budget');
    expect([slider.type, slider.min, slider.max, slider.getAttribute('value')]).toEqual(['range', '150', '1500', '825']);
    const output = root.querySelector('output')!;
    expect(output.getAttribute('for')).toBe(slider.id);
    expect(output.textContent).toBe('825');
  });

  it('offers the resorts of the site grouped by destination, submitted by code', () => {
    const { root } = render();
    const select = control(root, 'resort') as unknown as HTMLSelectElement;
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => `${o.value}=${o.textContent}`)]);
    expect(groups).toEqual([
      ['Riviera Maya', ['MTUL=Marea Tulum', 'MPDC=Marea Playa del Carmen']],
      ['Riviera Nayarit', ['MPMT=Marea Punta Mita']],
    ]);
    const only = render({ fields: [field('destination', 'resort', 'Resort', { options: ['Marea Punta Mita'] })] }).root;
    expect([...only.querySelectorAll('option')].map((o) => o.value)).toEqual(['', 'MPMT']);
  });

  it('falls back to the field options when the build gave no resorts', () => {
    const { root } = render({}, { data: { resorts: [] } });
    expect([...(control(root, 'resort') as unknown as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'Marea Tulum', 'Marea Playa del Carmen', 'Marea Punta Mita']);
  });

  it('is a Netlify form without an action: name, POST, data-netlify, honeypot and form-name', () => {
    const { form, root } = render();
    expect(form.getAttribute('name')).toBe('contact');
    expect(form.getAttribute('method')).toBe('POST');
    expect(form.getAttribute('data-netlify')).toBe('true');
    expect(form.getAttribute('netlify-honeypot')).toBe('bot-field');
    expect(form.hasAttribute('action')).toBe(false);
    expect(control(root, 'form-name').type).toBe('hidden');
    expect(control(root, 'form-name').value).toBe('contact');
  });

  it('posts to the action URL instead when there is one, and is then not a Netlify form', () => {
    const { form, root } = render({ action: 'https://forms.marea-resorts.example/v1/contact' });
    expect(form.getAttribute('action')).toBe('https://forms.marea-resorts.example/v1/contact');
    expect(form.getAttribute('method')).toBe('POST');
    expect(form.hasAttribute('data-netlify')).toBe(false);
    expect(form.hasAttribute('netlify-honeypot')).toBe(false);
    expect(root.querySelector('[name="form-name"]')).toBeNull();
  });

  it('hides the honeypot from people: off screen, aria-hidden, out of the tab order, no autofill', () => {
    const { root } = render();
    const trap = control(root, 'bot-field');
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')!.className).toBe('form__trap');
    expect(trap.closest('[hidden]')).toBeNull();
  });

  it('shows its title as a heading naming the form, and leaves it to the dialog in a modal', () => {
    const { root, form } = render();
    const heading = root.querySelector('h2')!;
    expect(heading.textContent).toBe('Send us a message');
    expect(form.getAttribute('aria-labelledby')).toBe(heading.id);
    const html = renderStatic(<Form block={formBlock()} index={0} inModal />);
    expect(html).not.toContain('Send us a message');
    expect(html).not.toContain('aria-labelledby');
  });

  it('has empty status and alert regions and the submit label from the CMS (or the locale file)', () => {
    const { root } = render();
    expect(root.querySelector('[role="status"]')!.textContent).toBe('');
    expect(root.querySelector('[role="alert"]')!.textContent).toBe('');
    expect(root.querySelector('button[type="submit"]')!.textContent).toBe('Send message');
    expect(render({ submitLabel: null }, { locale: 'es' }).root.querySelector('button')!.textContent).toBe('Enviar');
  });

  it('speaks Spanish on Spanish pages', () => {
    const { root } = render({}, { locale: 'es', page: { locale: 'es', country: 'MEX' }, data: { resorts } });
    expect(labelOf(root, 'fullName')).toBe('Full name * (obligatorio)');
    expect(labelOf(root, 'where-country')).toBe('País');
    expect(labelOf(root, 'where-state')).toBe('Estado o región');
    expect(root.querySelector('.form__note')!.textContent).toBe('Los campos marcados con * son obligatorios.');
    expect((control(root, 'topic') as unknown as HTMLSelectElement).options[0]!.text).toBe('Elige…');
  });
});
