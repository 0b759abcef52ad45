import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useVisitor } from './visitor.js';

function Probe() {
  const { country, now } = useVisitor({ country: 'USA', day: '2026-06-15' });
  return <p>{`${country} ${now.toISOString().slice(0, 10)}`}</p>;
}

afterEach(() => {
  document.cookie = 'country=; Max-Age=0; Path=/';
});

describe('rule 30 (and 29): the visitor after hydration', () => {
  it('the static HTML renders for the build country and day', () => {
    document.cookie = 'country=MEX; Path=/';
    expect(renderToString(<Probe />)).toContain('USA 2026-06-15');
  });

  it('after hydration the country cookie (ISO alpha-3) and the real time take over, without a mismatch', async () => {
    document.cookie = 'country=mex; Path=/';
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    const errors: unknown[] = [];
    const { hydrateRoot } = await import('react-dom/client');
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toMatch(new RegExp(`^MEX ${new Date().toISOString().slice(0, 10)}$`));
  });

  it('an invalid country cookie is ignored', async () => {
    document.cookie = 'country=Mexico; Path=/';
    const container = document.createElement('div');
    await act(async () => createRoot(container).render(<Probe />));
    expect(container.textContent).toMatch(/^USA /);
  });
});
