import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PageContext, useVisitor, type PageContextValue } from '../page/page-context.js';
import { readVisitor } from './visitor.js';

const built = { country: 'USA', now: new Date('2026-06-15T00:00:00Z') };

function Probe() {
  const { country, now } = useVisitor();
  return <p>{`${country} ${now.toISOString().slice(0, 10)}`}</p>;
}

/** The page context as PageRoute makes it: the build's country and day, and the visitor's in the browser. */
const page = (visitor?: PageContextValue['visitor']) => ({ locale: 'en', path: '/', alternates: {}, release: '', canonical: '', title: '', ...built, visitor }) as PageContextValue;
const app = (value: PageContextValue) => (
  <PageContext.Provider value={value}>
    <Probe />
  </PageContext.Provider>
);

afterEach(() => {
  document.cookie = 'country=; Max-Age=0; Path=/';
});

describe('rule 30 (and 29): the visitor', () => {
  it('is read from the country cookie (ISO alpha-3, any case) and the real time; an invalid cookie is ignored', () => {
    document.cookie = 'country=mex; Path=/';
    const visitor = readVisitor('USA');
    expect(visitor.country).toBe('MEX');
    expect(Math.abs(visitor.now.getTime() - Date.now())).toBeLessThan(60_000);
    document.cookie = 'country=Mexico; Path=/';
    expect(readVisitor('USA').country).toBe('USA');
  });

  it('the static HTML renders for the build country and day', () => {
    expect(renderToString(app(page({ country: 'MEX', now: new Date('2027-01-02T00:00:00Z') })))).toContain('USA 2026-06-15');
  });

  it('a component hydrates with the build values, then takes the visitor values itself, without a mismatch, the context unchanged', async () => {
    const value = page({ country: 'MEX', now: new Date('2027-01-02T10:00:00Z') });
    const container = document.createElement('div');
    container.innerHTML = renderToString(app(value));
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, app(value), { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('MEX 2027-01-02');
  });

  it('a client render (a navigation) is the visitor at once; without one (tests, the server) the page values', async () => {
    const container = document.createElement('div');
    await act(async () => createRoot(container).render(app(page({ country: 'CAN', now: new Date('2027-01-02T10:00:00Z') }))));
    expect(container.textContent).toBe('CAN 2027-01-02');
    await act(async () => createRoot(container).render(app(page())));
    expect(container.textContent).toBe('USA 2026-06-15');
  });
});
