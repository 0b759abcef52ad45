import { act, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useCoveredBottom } from './use-covered-bottom.js';

function Layer({ shown, offset = 0 }: { shown: boolean; offset?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useCoveredBottom(ref, '--layer-cover', shown, offset);
  return <div ref={ref} className="layer" style={{ position: 'fixed', bottom: `${offset}px` }} hidden={!shown} />;
}

const cover = () => document.documentElement.style.getPropertyValue('--layer-cover');
let root: Root | undefined;

async function render(shown: boolean, offset = 0) {
  if (!root) root = createRoot(document.body.appendChild(document.createElement('div')));
  // happy-dom lays nothing out: the layer is 120 px high.
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 120 });
  await act(async () => root!.render(<Layer shown={shown} offset={offset} />));
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  delete (HTMLElement.prototype as { offsetHeight?: number }).offsetHeight;
});

describe('useCoveredBottom (WCAG 2.4.11, base.css scroll-padding-bottom)', () => {
  it('writes the height the layer covers while it shows, its bottom offset included, and removes it when it hides', async () => {
    await render(false);
    expect(cover()).toBe('');
    await render(true);
    expect(cover()).toBe('120px');
    await render(true, 40);
    expect(cover()).toBe('160px');
    await render(false, 40);
    expect(cover()).toBe('');
  });
});
