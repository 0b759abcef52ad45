import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mount } from '../../../../test/support/render.js';
import { Form } from './Form.js';
import { byName, field, formBlock, leave, resorts, setValue } from './form.fixture.js';
import { loadRegions } from './regions.js';

// Loaded up front: a table arriving mid-test would update the form outside act.
beforeAll(() => loadRegions());
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

async function open(locale: 'en' | 'es' = 'en', fields?: ReturnType<typeof field>[]) {
  const fetch = vi.spyOn(globalThis, 'fetch');
  const root = await mount(<Form block={formBlock(fields ? { fields } : {})} index={0} />, {
    locale,
    page: { locale, country: locale === 'es' ? 'MEX' : 'USA' },
    data: { resorts },
  });
  const form = root.querySelector('form')!;
  const submit = () => act(async () => root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  return { root, form, submit, fetch };
}

/** The message a control's aria-describedby points at. */
const described = (root: HTMLElement, element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => root.ownerDocument.getElementById(id)?.textContent)
    .join(' | ');
const summaryLinks = (root: HTMLElement) => [...root.querySelectorAll('[role="alert"] a')].map((a) => a.textContent);

describe('blocks.form validation in the browser', () => {
  it('replaces the browser messages once hydrated (noValidate), keeping the native constraints', async () => {
    const { form } = await open();
    expect(form.noValidate).toBe(true);
    expect(byName(form, 'email').required).toBe(true);
  });

  it('submitting empty: a message beside each invalid field, aria-invalid, an alert summary that takes focus, nothing sent', async () => {
    const { root, submit, fetch } = await open();
    await submit();
    const email = byName(root, 'email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(described(root, email)).toBe('Fill in this field.');
    expect(described(root, byName(root, 'topic'))).toBe('Choose an option.');
    expect(described(root, byName(root, 'privacy'))).toBe('Check this box to continue.');
    expect(described(root, byName(root, 'where-state'))).toBe('Choose a state or region.');
    expect(described(root, root.querySelector('input[name="contactBy"]')!)).toBe('Choose an option.');
    expect(described(root, byName(root, 'interests').closest('fieldset')!)).toBe('Choose at least one option.');
    // Optional fields stay unmarked.
    expect(byName(root, 'phone').hasAttribute('aria-invalid')).toBe(false);
    expect(byName(root, 'phone').hasAttribute('aria-describedby')).toBe(false);

    const summary = root.querySelector<HTMLElement>('.form__summary')!;
    expect(summary.getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(summary);
    expect(summary.querySelector('.form__summary-title')!.textContent).toBe('Please check 9 fields');
    expect(summaryLinks(root)).toEqual([
      'Full name: Fill in this field.',
      'Email: Fill in this field.',
      'Country and state – State or region: Choose a state or region.',
      'Resort: Choose an option.',
      'Number of guests: Fill in this field.',
      'What can we help with?: Choose an option.',
      'How should we reach you?: Choose an option.',
      'Interests: Choose at least one option.',
      'I have read the privacy notice: Check this box to continue.',
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('summary links move focus to their field without touching the URL hash', async () => {
    const { root, submit } = await open();
    await submit();
    const link = [...root.querySelectorAll<HTMLAnchorElement>('[role="alert"] a')].find((a) => a.textContent!.startsWith('Email'))!;
    expect(link.getAttribute('href')).toBe(`#${byName(root, 'email').id}`);
    const hash = location.hash;
    await act(async () => link.click());
    expect(document.activeElement).toBe(byName(root, 'email'));
    expect(location.hash).toBe(hash);
    const radio = [...root.querySelectorAll<HTMLAnchorElement>('[role="alert"] a')].find((a) => a.textContent!.startsWith('How'))!;
    await act(async () => radio.click());
    expect(document.activeElement).toBe(root.querySelector('input[name="contactBy"]'));
  });

  it('format, range and pattern messages (en)', async () => {
    const { root, submit } = await open();
    await act(async () => {
      setValue(byName(root, 'fullName'), 'A');
      setValue(byName(root, 'email'), 'ana@');
      setValue(byName(root, 'phone'), 'call me maybe');
      setValue(byName(root, 'guests'), '20');
      setValue(byName(root, 'arrival'), '2026-06-01');
    });
    await submit();
    expect(described(root, byName(root, 'fullName'))).toBe('Use at least 2 characters.');
    expect(described(root, byName(root, 'email'))).toBe('Enter an email address like name@example.com.');
    expect(described(root, byName(root, 'phone'))).toBe('Enter a valid phone number (digits, spaces, + and parentheses).');
    expect(described(root, byName(root, 'guests'))).toBe('Enter a number of 12 or less.');
    expect(described(root, byName(root, 'arrival'))).toBe('Choose a date on or after July 1, 2026.');
    await act(async () => setValue(byName(root, 'guests'), '0'));
    await submit();
    expect(described(root, byName(root, 'guests'))).toBe('Enter a number of 1 or more.');
  });

  it('the same messages in Spanish', async () => {
    const { root, submit } = await open('es');
    await act(async () => {
      setValue(byName(root, 'email'), 'ana@');
      setValue(byName(root, 'phone'), 'llámame');
      setValue(byName(root, 'guests'), '20');
      setValue(byName(root, 'arrival'), '2027-01-02');
    });
    await submit();
    expect(described(root, byName(root, 'fullName'))).toBe('Completa este campo.');
    expect(described(root, byName(root, 'email'))).toBe('Escribe un correo válido, como nombre@ejemplo.com.');
    expect(described(root, byName(root, 'phone'))).toBe('Escribe un teléfono válido (números, espacios, + y paréntesis).');
    expect(described(root, byName(root, 'guests'))).toBe('Escribe un número igual o menor que 12.');
    expect(described(root, byName(root, 'arrival'))).toBe('Elige una fecha hasta el 31 de diciembre de 2026.');
    expect(described(root, byName(root, 'topic'))).toBe('Elige una opción.');
    expect(described(root, byName(root, 'privacy'))).toBe('Marca esta casilla para continuar.');
    expect(described(root, byName(root, 'interests').closest('fieldset')!)).toBe('Elige al menos una opción.');
    expect(root.querySelector('.form__summary-title')!.textContent).toBe('Revisa 11 campos');
    expect(summaryLinks(root)[0]).toBe('Full name: Completa este campo.');
  });

  it('asks for a country in both languages when none is chosen', async () => {
    const only = [field('country-state', 'where', 'Where', { required: true })];
    for (const [locale, text] of [
      ['en', 'Choose a country.'],
      ['es', 'Elige un país.'],
    ] as const) {
      const { root, submit } = await open(locale, only);
      await act(async () => setValue(byName<HTMLSelectElement>(root, 'where-country'), ''));
      await submit();
      expect(described(root, byName(root, 'where-country'))).toBe(text);
      expect(root.querySelector('.form__summary-title')!.textContent).toBe(locale === 'en' ? 'Please check 1 field' : 'Revisa 1 campo');
    }
  });

  it('does not check fields before the first submit, then re-checks each one when it is left', async () => {
    const { root, submit } = await open();
    const email = byName(root, 'email');
    await act(async () => {
      setValue(email, 'ana@');
      leave(email);
    });
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    await submit();
    expect(described(root, email)).toBe('Enter an email address like name@example.com.');
    await act(async () => {
      setValue(email, 'ana@marea.mx');
      leave(email);
    });
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(email.hasAttribute('aria-describedby')).toBe(false);
    expect(summaryLinks(root).some((text) => text!.startsWith('Email'))).toBe(false);
    // A choice is re-checked as soon as it changes.
    await act(async () => byName(root, 'privacy').click());
    expect(byName(root, 'privacy').hasAttribute('aria-invalid')).toBe(false);
  });
});
