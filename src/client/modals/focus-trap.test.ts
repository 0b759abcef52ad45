import { afterEach, describe, expect, it } from 'vitest';
import { tabbables, trapTab } from './focus-trap.js';

afterEach(() => {
  document.body.innerHTML = '';
});

function dialog() {
  document.body.innerHTML = `
    <button id="outside">outside</button>
    <div id="root">
      <button id="first">close</button>
      <a id="link" href="/x">link</a>
      <button disabled>off</button>
      <div hidden><a href="/y">hidden</a></div>
      <span tabindex="-1">not in order</span>
      <input id="last" />
    </div>`;
  return document.getElementById('root')!;
}

const tab = (root: Element, shiftKey = false) => {
  let prevented = false;
  trapTab({ key: 'Tab', shiftKey, preventDefault: () => (prevented = true) }, root);
  return prevented;
};

describe('focus trap (focus stays inside the open modal)', () => {
  it('lists the keyboard-reachable controls in order, leaving out disabled, hidden and tabindex=-1 ones', () => {
    expect(tabbables(dialog()).map((el) => el.id)).toEqual(['first', 'link', 'last']);
  });

  it('Tab on the last control wraps to the first, Shift+Tab on the first to the last', () => {
    const root = dialog();
    document.getElementById('last')!.focus();
    expect(tab(root)).toBe(true);
    expect(document.activeElement?.id).toBe('first');
    expect(tab(root, true)).toBe(true);
    expect(document.activeElement?.id).toBe('last');
  });

  it('leaves Tab alone in the middle (the browser moves on)', () => {
    const root = dialog();
    document.getElementById('link')!.focus();
    expect(tab(root)).toBe(false);
    expect(tab(root, true)).toBe(false);
  });

  it('brings focus back in when it is outside', () => {
    const root = dialog();
    document.getElementById('outside')!.focus();
    expect(tab(root)).toBe(true);
    expect(document.activeElement?.id).toBe('first');
  });
});
