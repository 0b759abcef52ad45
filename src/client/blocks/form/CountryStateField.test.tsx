import { act, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageContext, usePage } from '../../page/page-context.js';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { Form } from './Form.js';
import { byName, field, formBlock, setValue } from './form.fixture.js';
import { loadedRegions, loadRegions } from './regions.js';

/** The region chunk is held back until a test releases it, as a slow network would. */
const regionData = vi.hoisted(() => {
  let release = () => {};
  const ready = new Promise<void>((resolve) => (release = resolve));
  return { ready, release: () => release() };
});
vi.mock('country-region-data', async (importOriginal) => {
  await regionData.ready;
  return importOriginal();
});

const where = formBlock({ fields: [field('country-state', 'where', 'Country and state', { required: true })] });
const options = (select: HTMLSelectElement) => [...select.options].map((o) => o.text);
/** The option the static HTML marks `selected` (what a browser shows before any script). */
const selected = (select: HTMLSelectElement) => select.querySelector('option[selected]')?.getAttribute('value');
const parse = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('country-state field', () => {
  it('lists countries in English on English pages, defaulting to the build country (USA)', () => {
    const root = parse(renderStatic(<Form block={where} index={0} />));
    const country = byName<HTMLSelectElement>(root, 'where-country');
    expect(options(country)).toContain('Mexico');
    expect(options(country)).toContain('Germany');
    expect(selected(country)).toBe('US');
    expect(country.getAttribute('autocomplete')).toBe('country');
  });

  it('lists countries in Spanish on Spanish pages, defaulting to MEX', () => {
    const root = parse(renderStatic(<Form block={where} index={0} />, { locale: 'es', page: { locale: 'es', country: 'MEX' } }));
    const country = byName<HTMLSelectElement>(root, 'where-country');
    expect(options(country)).toContain('México');
    expect(options(country)).toContain('Alemania');
    expect(options(country)).not.toContain('Germany');
    expect(selected(country)).toBe('MX');
  });

  it('offers a text box for the state in the static HTML (the region data loads after hydration)', () => {
    const root = parse(renderStatic(<Form block={where} index={0} />));
    const state = byName(root, 'where-state');
    expect([state.tagName, state.type, state.required, state.getAttribute('autocomplete')]).toEqual(['INPUT', 'text', true, 'address-level1']);
  });

  it('does not load the list of states at hydration, only once the visitor reaches for the form', async () => {
    const root = await mount(<Form block={where} index={0} />, { page: { country: 'MEX' } });
    regionData.release();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(loadedRegions()).toBeNull();
    expect(byName(root, 'where-state').tagName).toBe('INPUT');
  });

  it('keeps a state typed before the list arrived, selecting it in the list once it has', async () => {
    const root = await mount(<Form block={where} index={0} />, { page: { country: 'MEX' } });
    const typed = byName(root, 'where-state');
    expect(typed.tagName).toBe('INPUT');
    await act(async () => setValue(typed, 'quintana roo'));
    await act(async () => {
      regionData.release();
      await loadRegions();
    });
    const state = byName<HTMLSelectElement>(root, 'where-state');
    expect(state.tagName).toBe('SELECT');
    expect(state.value).toBe('Quintana Roo');
  });

  it('after hydration lists the states of the chosen country, and a country change updates the list', async () => {
    const root = await mount(<Form block={where} index={0} />, { page: { country: 'MEX' } });
    const state = () => byName<HTMLSelectElement>(root, 'where-state');
    expect(state().tagName).toBe('SELECT');
    expect(options(state())).toHaveLength(33);
    expect(options(state()).slice(0, 3)).toEqual(['Choose…', 'Aguascalientes', 'Baja California']);
    expect(options(state())).toContain('Quintana Roo');
    await act(async () => setValue(state(), 'Quintana Roo'));
    expect(state().value).toBe('Quintana Roo');
    await act(async () => setValue(byName<HTMLSelectElement>(root, 'where-country'), 'DE'));
    expect(options(state())).toContain('Bayern');
    expect(options(state())).not.toContain('Quintana Roo');
    expect(state().value).toBe('');
  });

  it("rule 30: follows the visitor's country once known, unless the visitor picked one", async () => {
    const root = await mount(
      <VisitorCountry>
        <Form block={where} index={0} />
      </VisitorCountry>,
    );
    const country = () => byName<HTMLSelectElement>(root, 'where-country');
    expect(country().value).toBe('US');
    await act(async () => visitor.set('MEX'));
    expect(country().value).toBe('MX');
    await act(async () => setValue(country(), 'DE'));
    await act(async () => visitor.set('CAN'));
    expect(country().value).toBe('DE');
  });
});

/** The page context with a country that changes later, as the app's does after hydration (rule 30). */
const visitor = { set: (_country: string) => {} };
function VisitorCountry({ children }: { children: ReactNode }) {
  const page = usePage();
  const [country, setCountry] = useState(page.country);
  visitor.set = setCountry;
  return <PageContext.Provider value={{ ...page, country }}>{children}</PageContext.Provider>;
}
