import { act, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { changedBefore, useOnHydrated } from './changed-before.js';

const STATIC_HTML = `
  <input id="text" value="served">
  <textarea id="area">served</textarea>
  <select id="pick"><option value="a">A</option><option value="b" selected="">B</option></select>
  <input id="hotel" type="radio" name="mode" value="hotel" checked=""><input id="flight" type="radio" name="mode" value="flight">
  <input id="box" type="checkbox" value="yes">`;

const byId = (id: string) => document.getElementById(id);

/** A controlled field: what React renders again from its state at its next update. */
function Field({ seen }: { seen: string[] }) {
  const [text, setText] = useState('served');
  useOnHydrated(() => setText((start) => changedBefore(byId('field')) ?? start));
  seen.push(text);
  return <input id="field" value={text} onChange={(event) => setText(event.target.value)} />;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('what the visitor changed before hydration (nothing typed is lost)', () => {
  it('changedBefore: null for a control as served, its value once the visitor changed it', () => {
    document.body.innerHTML = STATIC_HTML;
    for (const id of ['text', 'area', 'pick', 'hotel', 'flight', 'box', 'missing']) expect(changedBefore(byId(id))).toBeNull();
    (byId('text') as HTMLInputElement).value = 'typed';
    (byId('area') as HTMLTextAreaElement).value = '';
    (byId('pick') as HTMLSelectElement).value = 'a';
    (byId('flight') as HTMLInputElement).checked = true;
    (byId('box') as HTMLInputElement).checked = true;
    expect(['text', 'area', 'pick', 'flight', 'box'].map((id) => changedBefore(byId(id)))).toEqual(['typed', '', 'a', 'flight', 'yes']);
    // The radio the HTML checked, unchecked by the visitor's choice of another.
    expect(changedBefore(byId('hotel'))).toBe('hotel');
  });

  it('useOnHydrated: a controlled field hydrated with a text typed before keeps it, in the field and in its state, after the next render', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Field seen={[]} />);
    document.body.appendChild(container);
    const field = container.querySelector('input')!;
    field.value = 'typed';
    const seen: string[] = [];
    await act(async () => {
      hydrateRoot(container, <Field seen={seen} />);
    });
    expect(seen.at(-1)).toBe('typed');
    expect(field.value).toBe('typed');
    expect(container.querySelector('input')).toBe(field);
  });

  it('useOnHydrated: nothing on a client render (React made the field: nothing was typed before)', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const seen: string[] = [];
    await act(async () => {
      createRoot(container).render(<Field seen={seen} />);
    });
    expect(seen).toEqual(['served']);
  });
});
