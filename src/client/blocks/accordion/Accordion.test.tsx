import { readFileSync } from 'node:fs';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { block } from '../../../../test/support/blocks.js';
import { mount, renderStatic } from '../../../../test/support/render.js';
import { Accordion } from './Accordion.js';

import { nextHeader } from './keys.js';

const faq = block('blocks.accordion', {
  title: 'Good to know',
  items: [
    { title: 'What is included?', body: '<p>All meals and <a href="/dining">drinks</a>.</p>' },
    { title: 'Airport transfers?', body: '<p>Yes, from CUN.</p>' },
    { title: '', body: '<p>An item without a title is left out.</p>' },
    { title: 'Family-friendly?', body: '<p>Very.</p>' },
  ],
});

afterEach(() => {
  document.body.innerHTML = '';
});

const accordionCss = readFileSync('src/client/blocks/accordion/accordion.css', 'utf8');
const buttons = (root: HTMLElement) => [...root.querySelectorAll<HTMLButtonElement>('.accordion__trigger')];
const panelOf = (button: HTMLButtonElement) => document.getElementById(button.getAttribute('aria-controls')!)!;
const press = (target: Element, key: string) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });

describe('blocks.accordion (WAI-ARIA APG: button/region semantics)', () => {
  it('static HTML: every panel text is there, collapsed; h3 > button[aria-expanded][aria-controls]; region labelled by its button', () => {
    const html = renderStatic(<Accordion block={faq} index={0} />);
    expect(html).toMatch(/<section class="accordion container--narrow" aria-labelledby="([^"]+)"><h2 id="\1" class="accordion__title">Good to know<\/h2>/);
    for (const text of ['All meals and <a href="/dining">drinks</a>', 'Yes, from CUN.', 'Very.']) expect(html).toContain(text);
    expect(html).not.toContain('left out');
    const triggers = [...html.matchAll(/<h3 class="accordion__heading"><button id="([^"]+)" class="accordion__trigger" aria-expanded="false" aria-controls="([^"]+)">/g)];
    expect(triggers).toHaveLength(3);
    for (const [, buttonId, panelId] of triggers) {
      expect(html).toContain(`<div id="${panelId}" class="accordion__panel" role="region" aria-labelledby="${buttonId}" hidden="">`);
    }
    // No markup of its own for the look or for pages without JavaScript: the chevron and the open panels are the stylesheet's.
    expect(html).not.toMatch(/<svg|<noscript|<style/);
    expect(accordionCss).toMatch(/@media \(scripting: none\) \{\s*\.accordion__panel\[hidden\] \{\s*display: block;/);
    expect(accordionCss).toMatch(/\.accordion__trigger::after \{/);
  });

  it('a button toggles its panel (Enter and Space are native button clicks); several may be open', async () => {
    const root = await mount(<Accordion block={faq} index={0} />);
    const [first, second] = buttons(root);
    await act(async () => first!.click());
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(first!).hidden).toBe(false);
    await act(async () => second!.click());
    expect(panelOf(first!).hidden).toBe(false);
    expect(panelOf(second!).hidden).toBe(false);
    await act(async () => first!.click());
    expect(first!.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(first!).hasAttribute('hidden')).toBe(true);
  });

  it('after hydration collapsed panels are hidden="until-found": find-in-page reveals them and beforematch opens the item', async () => {
    const root = await mount(<Accordion block={faq} index={0} />);
    const [, second] = buttons(root);
    const panel = panelOf(second!);
    expect(panel.getAttribute('hidden')).toBe('until-found');
    await act(async () => {
      panel.removeAttribute('hidden'); // what the browser does before firing beforematch
      panel.dispatchEvent(new Event('beforematch'));
    });
    expect(second!.getAttribute('aria-expanded')).toBe('true');
    await act(async () => second!.click());
    expect(panel.getAttribute('hidden')).toBe('until-found');
  });

  it('Down/Up move between headers (wrapping), Home/End to the ends; other keys and panel content are left alone', async () => {
    const root = await mount(<Accordion block={faq} index={0} />);
    const [first, second, third] = buttons(root);
    first!.focus();
    await press(first!, 'ArrowDown');
    expect(document.activeElement).toBe(second);
    await press(second!, 'End');
    expect(document.activeElement).toBe(third);
    await press(third!, 'ArrowDown');
    expect(document.activeElement).toBe(first);
    await press(first!, 'ArrowUp');
    expect(document.activeElement).toBe(third);
    await press(third!, 'Home');
    expect(document.activeElement).toBe(first);
    await act(async () => first!.click());
    const inside = panelOf(first!).querySelector('a')!;
    inside.focus();
    await press(inside, 'ArrowDown');
    expect(document.activeElement).toBe(inside);
  });

  it('renders nothing without items', () => {
    expect(renderStatic(<Accordion block={block('blocks.accordion', { title: 'Empty', items: [] })} index={0} />)).toBe('');
  });

  it('nextHeader: the APG key map', () => {
    expect([nextHeader('ArrowDown', 2, 3), nextHeader('ArrowUp', 0, 3), nextHeader('Home', 2, 3), nextHeader('End', 0, 3)]).toEqual([0, 2, 0, 2]);
    expect(nextHeader('Enter', 0, 3)).toBeNull();
    expect(nextHeader('ArrowDown', -1, 3)).toBeNull();
  });
});
