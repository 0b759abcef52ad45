import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOCK_DECLARATIONS, MODAL_ITEM_DECLARATIONS } from '../../shared/blocks/catalogue.js';
import { schemaFiles } from './generate.js';

/**
 * The block picker's descriptions (cms/src/plugins/marea/admin/src/picker/):
 * generated from the declarations, and added to markup shaped as Strapi 5.54's
 * dynamic-zone picker renders it (an accordion section per group, labelled by
 * its trigger, holding a grid of tiles: icon and name). The admin's own
 * modules, run here as the browser runs them; test/cms/block-picker.test.ts
 * checks the built admin.
 */
const PICKER = path.resolve(import.meta.dirname, '../../../cms/src/plugins/marea/admin/src/picker');
type Component = { uid: string; category: string; label: string; description: { en: string; es: string } };
type Described = Omit<Component, 'description'> & { description: string };
type Describe = {
  adminLanguage(doc: Document): 'en' | 'es';
  byLabel(components: Component[], language?: string): Map<string, Described[]>;
  describeTiles(root: Element, labels: Map<string, Described[]>): number;
  DESCRIPTION_ATTRIBUTE: string;
};
const load = () => import(pathToFileURL(path.join(PICKER, 'describe.js')).href) as Promise<Describe>;
const generated = () => JSON.parse(schemaFiles().get('src/plugins/marea/admin/src/picker/descriptions.json')!) as { components: Component[] };

const presentation = (component: string) => [...BLOCK_DECLARATIONS, ...MODAL_ITEM_DECLARATIONS].find((d) => d.component === component)!.presentation;
const description = (component: string) => presentation(component).description;
const descriptionEs = (component: string) => presentation(component).descriptionEs;

/** A picker group as Strapi renders it: the trigger in a heading, the tiles in a region it labels. */
const group = (id: string, title: string, names: string[]) => `
  <h3><button id="${id}" type="button">${title}</button></h3>
  <div role="region" aria-labelledby="${id}"><div class="grid">${names
    .map((name) => `<button type="button" style="height: 8.4rem"><div><svg></svg><span>${name}</span></div></button>`)
    .join('')}</div></div>`;

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = '';
});

describe('the block picker shows each block’s one-line description', () => {
  it('is generated from the declarations: every block and modal item, by group, with its name and description', () => {
    const { components } = generated();
    expect(components.map((c) => c.uid)).toEqual([...BLOCK_DECLARATIONS, ...MODAL_ITEM_DECLARATIONS].map((d) => d.component));
    expect(components.find((c) => c.uid === 'blocks.hero')).toEqual({
      uid: 'blocks.hero',
      category: 'blocks',
      label: 'Hero',
      description: { en: description('blocks.hero'), es: descriptionEs('blocks.hero') },
    });
    // Each in Spanish too: one sentence of its own, not the English line.
    for (const { uid, description: said } of components) {
      expect(said.es, uid).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡].{20,110}\.$/);
      expect(said.es, uid).not.toBe(said.en);
    }
  });

  it('adds the description under the name as the tile’s accessible description, the name staying the name', async () => {
    const { byLabel, describeTiles, DESCRIPTION_ATTRIBUTE } = await load();
    document.body.innerHTML = group('blocks-trigger', 'Blocks', ['Hero', 'Rich text', 'Not a block']) + group('modals-trigger', 'Modals', ['Rich text']);
    const labels = byLabel(generated().components);
    expect(describeTiles(document.body, labels)).toBe(3);
    const [hero, blockText, unknown, modalText] = [...document.querySelectorAll<HTMLButtonElement>('.grid button')];
    const note = document.getElementById(hero!.getAttribute('aria-describedby')!)!;
    expect(note.textContent).toBe(description('blocks.hero'));
    expect(note.parentElement!.querySelector('span')!.textContent).toBe('Hero');
    expect(note.getAttribute('aria-hidden')).toBe('true');
    expect(hero!.style.height).toBe('auto');
    // A name both groups use reads as its own group's.
    expect(blockText!.querySelector(`[${DESCRIPTION_ATTRIBUTE}]`)!.textContent).toBe(description('blocks.wysiwyg'));
    expect(modalText!.querySelector(`[${DESCRIPTION_ATTRIBUTE}]`)!.textContent).toBe(description('modals.wysiwyg'));
    expect(unknown!.hasAttribute('aria-describedby')).toBe(false);
    // Once only, however often the page changes.
    expect(describeTiles(document.body, labels)).toBe(0);
    expect(document.querySelectorAll(`[${DESCRIPTION_ATTRIBUTE}]`)).toHaveLength(3);
  });

  it('leaves markup that is not the picker as it is: the zone’s own entries, a lone button, an ambiguous name without a group', async () => {
    const { byLabel, describeTiles } = await load();
    document.body.innerHTML = `
      <h3><button type="button">Hero</button></h3>
      <div><button type="button">Hero</button><p>not a grid of tiles</p></div>
      <div class="grid"><button type="button">Rich text</button><button type="button">Carousel</button></div>`;
    // Carousel reads the same in both groups: described even where the group is unknown.
    expect(describeTiles(document.body, byLabel(generated().components))).toBe(1);
    const described = [...document.querySelectorAll('button')].map((button) => button.getAttribute('aria-describedby') !== null);
    expect(described).toEqual([false, false, false, true]);
    expect(document.querySelector('.grid button:last-child')!.textContent).toContain(description('blocks.carousel'));
  });

  it('speaks the admin’s language: Spanish where Strapi set the page’s lang to es, English otherwise', async () => {
    const { adminLanguage, byLabel, describeTiles, DESCRIPTION_ATTRIBUTE } = await load();
    for (const [lang, language] of [
      ['es', 'es'],
      ['es-MX', 'es'],
      ['en', 'en'],
      ['fr', 'en'],
      ['', 'en'],
    ] as const) {
      document.documentElement.lang = lang;
      expect(adminLanguage(document), lang).toBe(language);
    }
    document.body.innerHTML = group('blocks-trigger', 'Blocks', ['Hero', 'Rich text']) + group('modals-trigger', 'Modals', ['Rich text']);
    expect(describeTiles(document.body, byLabel(generated().components, 'es'))).toBe(3);
    const notes = [...document.querySelectorAll(`[${DESCRIPTION_ATTRIBUTE}]`)].map((note) => note.textContent);
    expect(notes).toEqual([descriptionEs('blocks.hero'), descriptionEs('blocks.wysiwyg'), descriptionEs('modals.wysiwyg')]);
    // The tile keeps its one name: Strapi shows the component's displayName in every language.
    expect(document.querySelector('.grid button span')!.textContent).toBe('Hero');
  });

  it('describes a picker as it opens, in the language the admin has then', async () => {
    const { registerPickerDescriptions } = (await import(pathToFileURL(path.join(PICKER, 'index.js')).href)) as { registerPickerDescriptions(): MutationObserver | null };
    const { DESCRIPTION_ATTRIBUTE } = await load();
    const observer = registerPickerDescriptions()!;
    try {
      const zone = document.createElement('div');
      document.body.append(zone);
      zone.innerHTML = group('blocks-trigger', 'Blocks', ['Hero']);
      await expect.poll(() => document.querySelector('.grid button')!.getAttribute('aria-describedby')).toMatch(/^marea-picker-description-/);
      expect(document.querySelector('.grid button')!.textContent).toContain(description('blocks.hero'));
      // The editor switches the admin to Spanish (Strapi sets the root's lang): the next picker reads in Spanish.
      zone.remove();
      document.documentElement.lang = 'es';
      const next = document.createElement('div');
      document.body.append(next);
      next.innerHTML = group('blocks-trigger-2', 'Blocks', ['Hero']);
      await expect.poll(() => next.querySelector(`[${DESCRIPTION_ATTRIBUTE}]`)?.textContent).toBe(descriptionEs('blocks.hero'));
    } finally {
      observer.disconnect();
    }
  });
});
